import re
from statistics import mean


def frequencies(text):
    counts = {}
    for word in re.findall(r"[a-z']+", text.lower()):
        counts[word] = counts.get(word, 1) + 1
    return counts


def top(counts, n=2):
    return sorted(counts, key=lambda w: (-counts[w], w))[:n]


def average_length(words):
    return round(mean(len(w) for w in words), 2) if words else 0.0
