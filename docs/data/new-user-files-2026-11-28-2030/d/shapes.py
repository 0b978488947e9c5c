import math


class Shape:
    def __init__(self, name):
        self.name = name

    def describe(self):
        return f"{self.name} with area {self.area():.2f}"


class Circle(Shape):
    def __init__(self, radius):
        super().__init__("circle")
        self.radius = radius

    def area(self):
        return math.pi * self.radius ** 2


class Square(Shape):
    def __init__(self, side):
        super().__init__("square")
        self.side = side

    def area(self):
        return self.side * 2


if __name__ == "__main__":
    assert Circle(1).describe() == "circle with area 3.14"
    assert Square(3).describe() == "square with area 9.00"
    assert Square(1.5).area() == 2.25
    print("all good")
