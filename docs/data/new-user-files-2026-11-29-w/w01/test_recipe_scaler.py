from fractions import Fraction

import pytest

from recipe_scaler import format_quantity, normalize, scale_ingredient, scale_recipe


@pytest.mark.parametrize(
    "qty, expected",
    [
        (2, "2"),
        (Fraction(1, 2), "1/2"),
        (Fraction(5, 4), "1 1/4"),
        (Fraction(2, 3), "2/3"),
        (0.74, "3/4"),
    ],
)
def test_format_quantity(qty, expected):
    assert format_quantity(qty) == expected


@pytest.mark.parametrize(
    "qty, unit, expected",
    [
        (2, "tsp", (Fraction(2), "tsp")),
        (3, "tsp", (Fraction(1), "tbsp")),
        (6, "tsp", (Fraction(2), "tbsp")),
        (4, "tbsp", (Fraction(1, 4), "cup")),
        (2, "tbsp", (Fraction(2), "tbsp")),
        (1, "cup", (Fraction(1), "cup")),
    ],
)
def test_normalize(qty, unit, expected):
    assert normalize(qty, unit) == expected


def test_scale_ingredient_doubles():
    assert scale_ingredient(Fraction(1, 2), "cup", 4, 8) == (Fraction(1), "cup")


def test_scale_ingredient_rejects_zero_servings():
    with pytest.raises(ValueError):
        scale_ingredient(1, "cup", 0, 4)


def test_scale_recipe_half_batch():
    ingredients = [
        ("flour", 2, "cup"),
        ("baking soda", 2, "tsp"),
        ("salt", 1, "tsp"),
    ]
    assert scale_recipe(ingredients, 4, 2) == [
        "1 cup flour",
        "1 tsp baking soda",
        "1/2 tsp salt",
    ]


def test_scale_recipe_triple_batch_promotes_units():
    ingredients = [("vanilla", 1, "tsp"), ("oil", 4, "tbsp"), ("pepper", Fraction(1, 4), "tsp")]
    assert scale_recipe(ingredients, 2, 6) == [
        "1 tbsp vanilla",
        "3/4 cup oil",
        "3/4 tsp pepper",
    ]
