"""Pages as vector PDF (several pages to a file) or PNG, drawn with cairo.

PDFs carry a fixed creation date, so the same pages give the same bytes.
"""

from __future__ import annotations

import io
import struct
import zlib
from functools import cache

from ..errors import UsageError
from .canvas import PT, Circle, Group, Line, Page, Polygon, Rect, Style, Text
from .fonts import runs
from .text import width

MM = 72 / 25.4  # PDF points per millimetre
FIXED_DATE = "2000-01-01T00:00:00"


@cache
def _library():
    """cairocffi, which needs the system's cairo library: a clear message when it is missing."""
    try:
        import cairocffi
    except (ImportError, OSError) as exc:
        raise UsageError(f"PDF and PNG need the cairo library ({exc}): install it (Debian and Ubuntu: "
                         "apt install libcairo2; macOS: brew install cairo), or use --format svg") from None
    return cairocffi


def pdf(pages: list[Page], title: str) -> bytes:
    cairo = _library()
    out = io.BytesIO()
    surface = cairo.PDFSurface(out, pages[0].width * MM, pages[0].height * MM)
    surface.set_metadata(cairo.PDF_METADATA_CREATE_DATE, FIXED_DATE)
    surface.set_metadata(cairo.PDF_METADATA_MOD_DATE, FIXED_DATE)
    surface.set_metadata(cairo.PDF_METADATA_TITLE, title)
    surface.set_metadata(cairo.PDF_METADATA_CREATOR, "zwar-author")
    for page in pages:
        surface.set_size(page.width * MM, page.height * MM)
        context = cairo.Context(surface)
        context.scale(MM, MM)
        _draw(context, page.items)
        surface.show_page()
    surface.finish()
    return out.getvalue()


def png(page: Page, dpi: int) -> bytes:
    cairo = _library()
    scale = dpi / 25.4
    surface = cairo.ImageSurface(cairo.FORMAT_RGB24, round(page.width * scale), round(page.height * scale))
    context = cairo.Context(surface)
    context.set_source_rgb(1, 1, 1)
    context.paint()
    context.scale(scale, scale)
    _draw(context, page.items)
    out = io.BytesIO()
    surface.write_to_png(out)
    return with_dpi(out.getvalue(), dpi)


def with_dpi(data: bytes, dpi: int) -> bytes:
    """The PNG with its resolution recorded (a pHYs chunk), so that it prints at true scale.

    PNG states resolution in pixels per metre; cairo writes none, and printing programs
    then guess (often 72 or 96 dpi), which prints a map at the wrong size.
    """
    per_metre = round(dpi / 0.0254)
    body = b"pHYs" + struct.pack(">IIB", per_metre, per_metre, 1)
    chunk = struct.pack(">I", 9) + body + struct.pack(">I", zlib.crc32(body))
    end = 8 + 8 + 13 + 4  # signature, then IHDR (length, type, 13 bytes of data, CRC)
    return data[:end] + chunk + data[end:]


def _draw(context, items) -> None:
    for item in items:
        if isinstance(item, Group):
            context.save()
            context.translate(item.dx, item.dy)
            context.scale(item.scale, item.scale)
            if item.clip is not None:
                context.rectangle(*item.clip)
                context.clip()
            _draw(context, item.items)
            context.restore()
        elif isinstance(item, Text):
            _text(context, item)
        else:
            _shape(context, item)
            _paint(context, item.style)


def _shape(context, item) -> None:
    if isinstance(item, Line):
        context.move_to(item.x1, item.y1)
        context.line_to(item.x2, item.y2)
    elif isinstance(item, Rect):
        context.rectangle(item.x, item.y, item.w, item.h)
    elif isinstance(item, Circle):
        context.new_sub_path()
        context.arc(item.cx, item.cy, item.r, 0, 6.283185307179586)
    elif isinstance(item, Polygon):
        context.move_to(*item.points[0])
        for point in item.points[1:]:
            context.line_to(*point)
        context.close_path()
    else:
        raise TypeError(f"cannot draw {type(item).__name__}")


def _paint(context, style: Style) -> None:
    cairo = _library()
    if style.fill:
        context.set_source_rgba(*_rgb(style.fill), style.opacity)
        if style.stroke:
            context.fill_preserve()
        else:
            context.fill()
    if style.stroke:
        context.set_source_rgb(*_rgb(style.stroke))
        context.set_line_width(style.width)
        context.set_dash(list(style.dash) if style.dash else [])
        context.set_line_cap({"butt": cairo.LINE_CAP_BUTT, "round": cairo.LINE_CAP_ROUND,
                              "square": cairo.LINE_CAP_SQUARE}[style.cap])
        context.stroke()
    context.new_path()


def _text(context, item: Text) -> None:
    """The text in runs, each in the font that has its characters (fonts.py)."""
    cairo = _library()
    shift = {"start": 0, "middle": 0.5, "end": 1}[item.anchor] * width(item.text, item.size, item.bold)
    context.set_source_rgb(*_rgb(item.fill))
    context.move_to(item.x - shift, item.y)
    for family, piece in runs(item.text, item.bold):
        context.select_font_face(family, cairo.FONT_SLANT_NORMAL,
                                 cairo.FONT_WEIGHT_BOLD if item.bold else cairo.FONT_WEIGHT_NORMAL)
        context.set_font_size(item.size * PT)
        context.show_text(piece)
    context.new_path()


def _rgb(colour: str) -> tuple[float, float, float]:
    colour = colour.lstrip("#")
    red, green, blue = (int(colour[i:i + 2], 16) / 255 for i in (0, 2, 4))
    return red, green, blue
