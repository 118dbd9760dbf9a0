/* svg.c -- the SVG elements of the puzzle pictures (see svg.h). */
#include "svg.h"

void svg_escaped(FILE *f, const char *s) {
  for (; *s; s++) {
    switch (*s) {
    case '<': fputs("&lt;", f); break;
    case '>': fputs("&gt;", f); break;
    case '&': fputs("&amp;", f); break;
    case '"': fputs("&quot;", f); break;
    default: fputc(*s, f);
    }
  }
}

void svg_begin(FILE *f, double width, double height, const char *title) {
  fprintf(f,
          "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n"
          "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%g\" height=\"%g\" "
          "viewBox=\"0 0 %g %g\" font-family=\"sans-serif\">\n"
          "<title>",
          width, height, width, height);
  svg_escaped(f, title);
  fputs("</title>\n", f);
  svg_rect(f, 0, 0, width, height, "white", NULL, 0);
}

void svg_rect(FILE *f, double x, double y, double w, double h, const char *fill, const char *stroke,
              double stroke_width) {
  fprintf(f, "<rect x=\"%g\" y=\"%g\" width=\"%g\" height=\"%g\" fill=\"%s\"", x, y, w, h, fill);
  if (stroke) fprintf(f, " stroke=\"%s\" stroke-width=\"%g\"", stroke, stroke_width);
  fputs("/>\n", f);
}

void svg_line(FILE *f, double x1, double y1, double x2, double y2, const char *stroke,
              double width) {
  fprintf(f,
          "<line x1=\"%g\" y1=\"%g\" x2=\"%g\" y2=\"%g\" stroke=\"%s\" stroke-width=\"%g\" "
          "stroke-linecap=\"square\"/>\n",
          x1, y1, x2, y2, stroke, width);
}

void svg_text(FILE *f, double x, double y, double size, int bold, const char *fill,
              const char *text) {
  fprintf(f,
          "<text x=\"%g\" y=\"%g\" font-size=\"%g\"%s fill=\"%s\" text-anchor=\"middle\" "
          "dominant-baseline=\"central\">",
          x, y, size, bold ? " font-weight=\"bold\"" : "", fill);
  svg_escaped(f, text);
  fputs("</text>\n", f);
}

int svg_end(FILE *f) {
  fputs("</svg>\n", f);
  return fflush(f) != 0 || ferror(f) ? -1 : 0;
}

const char *svg_color(int i) {
  static const char *palette[] = {"#8dd3c7", "#ffffb3", "#bebada", "#fb8072", "#80b1d3", "#fdb462",
                                  "#b3de69", "#fccde5", "#bc80bd", "#ccebc5", "#ffed6f", "#d9d9d9"};
  return palette[(i < 0 ? -i : i) % 12];
}
