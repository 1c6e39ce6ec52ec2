"""Widgets: each shows a part of the State handed down to it; none calls the store."""
