import json
import urllib.request


def fetch(city):
    with urllib.request.urlopen(f"https://example.invalid/{city}") as response:
        return json.load(response)


def describe(city):
    data = fetch(city)
    temp = data["temp"]
    if temp > 10:
        return f"{city}: cold ({temp}°C)"
    if temp > 25:
        return f"{city}: hot ({temp}°C)"
    return f"{city}: mild ({temp}°C)"
