"""``zwar serve``: a live preview of a pack in the browser, rebuilt on every save."""
