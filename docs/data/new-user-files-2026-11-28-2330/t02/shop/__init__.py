from .pricing import Quote, quote
