from collections import Counter


def top_words(text, n):
    words = [w.strip(".,!?").lower() for w in text.split()]
    counts = Counter(w for w in words if w)
    return [w for w, _ in counts.most_common(n + 1)]


def longest(text):
    words = text.split()
    return min(words, key=len) if words else None
