"""Course grade calculation: weighted categories, optional dropped scores, letter grades."""

LETTER_CUTOFFS = [(90, "A"), (80, "B"), (70, "C"), (60, "D")]


def category_average(scores, drop_lowest=0):
    """Average of the graded scores (None = not graded yet) after dropping the lowest N."""
    graded = [s for s in scores if s is not None]
    graded.sort(reverse=True)
    kept = graded[drop_lowest:]
    if not kept:
        return None
    return sum(kept) / len(kept)


def final_percentage(gradebook, weights, drops=None):
    """gradebook: {category: [scores]}, weights: {category: weight}.

    Categories with nothing graded yet are left out and the remaining
    weights are re-normalised.
    """
    drops = drops or {}
    total = weight_used = 0.0
    for category, weight in weights.items():
        avg = category_average(gradebook.get(category, []), drops.get(category, 0))
        if avg is None:
            continue
        total += avg * weight
        weight_used += weight
    if weight_used == 0:
        return None
    return round(total / weight_used, 2)


def letter_grade(percentage):
    if percentage is None:
        return "N/A"
    for cutoff, letter in LETTER_CUTOFFS:
        if percentage > cutoff:
            return letter
    return "F"


def report(students, weights, drops=None):
    return {
        name: (pct := final_percentage(book, weights, drops), letter_grade(pct))
        for name, book in students.items()
    }


if __name__ == "__main__":
    weights = {"homework": 0.3, "quizzes": 0.2, "exams": 0.5}

    assert category_average([80, 90, None, 100]) == 90
    assert category_average([None, None]) is None
    assert category_average([70], drop_lowest=1) is None
    assert final_percentage({"homework": [100], "exams": [80]}, weights) == 87.5
    assert final_percentage({}, weights) is None
    assert letter_grade(95.5) == "A"
    assert letter_grade(72) == "C"
    assert letter_grade(12) == "F"
    assert letter_grade(None) == "N/A"

    assert category_average([50, 90, 100], drop_lowest=1) == 95
    assert category_average([60, 70, 80, 90], drop_lowest=2) == 85
    assert letter_grade(90) == "A"
    assert letter_grade(80.0) == "B"
    assert letter_grade(59.99) == "F"

    students = {
        "ana": {"homework": [100, 40, 90], "quizzes": [80, 90], "exams": [90]},
        "ben": {"homework": [70, 70, 70], "quizzes": [], "exams": [70, None]},
    }
    assert report(students, weights, drops={"homework": 1}) == {
        "ana": (90.5, "A"),
        "ben": (70.0, "C"),
    }
    print("gradebook checks passed")
