"""Convert and scale recipe quantities between kitchen units."""

TO_ML = {
    "tsp": 4.92892,
    "tbsp": 14.7868,
    "cup": 236.588,
    "ml": 1.0,
    "l": 1000.0,
}


def build_converters(target="ml"):
    """Map each unit to a function converting an amount of it into `target`."""
    if target not in TO_ML:
        raise ValueError(f"unknown unit: {target}")
    converters = {}
    for unit, factor in TO_ML.items():
        converters[unit] = lambda amount: amount * factor / TO_ML[target]
    return converters


def parse_quantity(text):
    """'1 1/2 cup' -> (1.5, 'cup')"""
    *numbers, unit = text.split()
    total = 0.0
    for part in numbers:
        if "/" in part:
            num, den = part.split("/")
            total += int(num) / int(den)
        else:
            total += float(part)
    return total, unit.lower().rstrip(".")


def to_metric(ingredients, servings=1, base_servings=1):
    """Convert a {name: 'qty unit'} recipe to millilitres, scaled by servings."""
    to_ml = build_converters("ml")
    scale = servings / base_servings
    result = {}
    for name, text in ingredients.items():
        amount, unit = parse_quantity(text)
        result[name] = round(to_ml[unit](amount) * scale, 1)
    return result


if __name__ == "__main__":
    assert parse_quantity("1 1/2 cup") == (1.5, "cup")
    assert parse_quantity("3 Tbsp.") == (3.0, "tbsp")

    to_ml = build_converters()
    assert to_ml["ml"](250) == 250
    assert round(to_ml["cup"](1), 1) == 236.6
    assert round(to_ml["tsp"](2), 2) == 9.86
    assert to_ml["l"](0.5) == 500

    to_cups = build_converters("cup")
    assert round(to_cups["ml"](473.176), 2) == 2.0

    pancakes = {"milk": "1 1/4 cup", "oil": "2 tbsp", "vanilla": "1/2 tsp"}
    assert to_metric(pancakes) == {"milk": 295.7, "oil": 29.6, "vanilla": 2.5}
    assert to_metric(pancakes, servings=4, base_servings=2)["milk"] == 591.5

    try:
        build_converters("gallon")
    except ValueError:
        pass
    else:
        raise AssertionError("expected ValueError for unknown unit")

    print("kitchen: all checks passed")
