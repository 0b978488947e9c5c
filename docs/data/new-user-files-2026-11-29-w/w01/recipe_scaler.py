"""Scale recipe ingredients and tidy up the units for display."""
from fractions import Fraction

TSP_PER_TBSP = 3
TBSP_PER_CUP = 16

NICE_FRACTIONS = {
    Fraction(1, 4): "1/4",
    Fraction(1, 3): "1/3",
    Fraction(1, 2): "1/2",
    Fraction(2, 3): "2/3",
    Fraction(3, 4): "3/4",
}


def normalize(qty, unit):
    """Move small-unit quantities up to a bigger unit when it reads better."""
    qty = Fraction(qty).limit_denominator(12)
    if unit == "tsp" and qty > TSP_PER_TBSP:
        qty, unit = qty / TSP_PER_TBSP, "tbsp"
    if unit == "tbsp" and qty >= TBSP_PER_CUP / 4:
        qty, unit = qty / TBSP_PER_CUP, "cup"
    return qty, unit


def format_quantity(qty):
    qty = Fraction(qty).limit_denominator(12)
    whole, rest = divmod(qty, 1)
    if rest == 0:
        return str(whole)
    # snap to the closest fraction a home cook would recognise
    nearest = min(NICE_FRACTIONS, key=lambda f: abs(f - rest))
    text = NICE_FRACTIONS[nearest]
    return f"{whole} {text}" if whole else text


def scale_ingredient(qty, unit, from_servings, to_servings):
    if from_servings <= 0 or to_servings <= 0:
        raise ValueError("servings must be positive")
    factor = Fraction(to_servings, from_servings)
    return normalize(Fraction(qty) * factor, unit)


def scale_recipe(ingredients, from_servings, to_servings):
    """ingredients: list of (name, qty, unit). Returns display lines."""
    lines = []
    for name, qty, unit in ingredients:
        new_qty, new_unit = scale_ingredient(qty, unit, from_servings, to_servings)
        lines.append(f"{format_quantity(new_qty)} {new_unit} {name}")
    return lines
