"""Small formatting helpers used by the receipt printer."""


def mask_card(number):
    """Hide all but the last four digits of a card number.

    Spaces and dashes are ignored.

    >>> mask_card("4111 1111 1111 1234")
    '************1234'
    >>> mask_card("5500-0000-0000-0004")
    '************0004'
    >>> mask_card("1234")
    '1234'
    """
    digits = "".join(ch for ch in number if ch.isdigit())
    if len(digits) <= 4:
        return digits
    return "*" * (len(digits) - 4) + digits[4:]


def shorten(text, width, placeholder="..."):
    """Cut `text` to at most `width` characters, ending with the placeholder.

    >>> shorten("Hello world", 20)
    'Hello world'
    >>> shorten("Thank you for shopping with us", 12)
    'Thank you...'
    >>> len(shorten("abcdefghijklmnop", 10))
    10
    """
    if len(text) <= width:
        return text
    return text[: width - len(placeholder)] + placeholder


def two_columns(left, right, width=32):
    """Left-align `left` and right-align `right` on one line of `width` chars.

    >>> two_columns("Coffee", "3.50", 16)
    'Coffee      3.50'
    >>> two_columns("Extremely long product name", "9.99", 16)
    'Extremel... 9.99'
    """
    room = width - len(right) - 1
    return shorten(left, room).ljust(room) + " " + right


if __name__ == "__main__":
    import doctest
    doctest.testmod()
