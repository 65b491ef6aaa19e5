"""Other tools' formats: Tiled maps in (``tiled``), Universal VTT files out (``uvtt``)."""
