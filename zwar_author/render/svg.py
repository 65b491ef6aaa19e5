"""Pages as SVG (svgwrite): millimetre units, explicit ids, rounded numbers, no timestamps."""

from __future__ import annotations

import svgwrite

from .canvas import PT, Circle, Group, Line, Page, Polygon, Rect, Style, Text

FONT = "DejaVu Sans, Droid Sans Fallback, Verdana, Arial, sans-serif"


def svg(page: Page) -> str:
    drawing = svgwrite.Drawing(size=(f"{_n(page.width)}mm", f"{_n(page.height)}mm"), profile="full", debug=False)
    drawing.viewbox(0, 0, _n(page.width), _n(page.height))
    writer = _Writer(drawing, page.name)
    for item in page.items:
        drawing.add(writer.element(item))
    return drawing.tostring() + "\n"


class _Writer:
    def __init__(self, drawing, name: str) -> None:
        self.drawing = drawing
        self.name = name
        self.clips = 0

    def element(self, item):
        d = self.drawing
        if isinstance(item, Line):
            return d.line((_n(item.x1), _n(item.y1)), (_n(item.x2), _n(item.y2)), **_style(item.style))
        if isinstance(item, Rect):
            return d.rect((_n(item.x), _n(item.y)), (_n(item.w), _n(item.h)), **_style(item.style))
        if isinstance(item, Circle):
            return d.circle((_n(item.cx), _n(item.cy)), _n(item.r), **_style(item.style))
        if isinstance(item, Polygon):
            return d.polygon([(_n(x), _n(y)) for x, y in item.points], **_style(item.style))
        if isinstance(item, Text):
            return d.text(item.text, insert=(_n(item.x), _n(item.y)), font_size=_n(item.size * PT), font_family=FONT,
                          font_weight="bold" if item.bold else "normal", text_anchor=item.anchor, fill=item.fill)
        if isinstance(item, Group):
            return self.group(item)
        raise TypeError(f"cannot draw {type(item).__name__}")

    def group(self, group: Group):
        g = self.drawing.g()
        if group.dx or group.dy or group.scale != 1:
            g["transform"] = f"translate({_n(group.dx)},{_n(group.dy)}) scale({_n(group.scale)})"
        if group.clip is not None:
            self.clips += 1
            ident = f"{self.name}-clip-{self.clips}"
            clip = self.drawing.defs.add(self.drawing.clipPath(id=ident))
            x, y, w, h = group.clip
            clip.add(self.drawing.rect((_n(x), _n(y)), (_n(w), _n(h))))
            g["clip-path"] = f"url(#{ident})"
        for item in group.items:
            g.add(self.element(item))
        return g


def _style(style: Style) -> dict:
    out: dict[str, object] = {"fill": style.fill or "none"}
    if style.fill and style.opacity < 1:
        out["fill_opacity"] = _n(style.opacity)
    if style.stroke:
        out.update(stroke=style.stroke, stroke_width=_n(style.width))
        if style.dash:
            out["stroke_dasharray"] = ",".join(str(_n(v)) for v in style.dash)
        if style.cap != "butt":
            out["stroke_linecap"] = style.cap
    return out


def _n(value: float) -> float | int:
    """Numbers rounded to 1/10000 mm, written without a trailing .0."""
    rounded = round(value, 4)
    return int(rounded) if rounded == int(rounded) else rounded
