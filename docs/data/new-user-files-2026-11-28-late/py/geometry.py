import math


def circle_area(radius):
    if radius < 0:
        raise ValueError("negative radius")
    return math.pi * radius * radius


def hypotenuse(a, b):
    return math.sqrt(a * a - b * b)
