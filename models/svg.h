/*
 * svg.h -- the few SVG elements the puzzle pictures need, written to a FILE the caller
 * owns: a document, rectangles, lines, centered text, and a palette of piece colors.
 * Coordinates are in pixels, y downwards. Text is escaped for XML.
 */
#ifndef DANCE_SVG_H
#define DANCE_SVG_H

#include <stdio.h>

/* Opens a document of width x height pixels with a white background and a title. */
void svg_begin(FILE *f, double width, double height, const char *title);

/* A rectangle; stroke may be NULL (no outline). */
void svg_rect(FILE *f, double x, double y, double w, double h, const char *fill, const char *stroke,
              double stroke_width);

/* A line with square ends (so that walls meet cleanly at corners). */
void svg_line(FILE *f, double x1, double y1, double x2, double y2, const char *stroke,
              double width);

/* Text centered on (x, y), of size px, bold or not. */
void svg_text(FILE *f, double x, double y, double size, int bold, const char *fill,
              const char *text);

/* Text written escaped for XML (&, <, > and "), for an element of the caller's own. */
void svg_escaped(FILE *f, const char *s);

/* Closes the document and flushes f; returns 0, or -1 if writing failed. */
int svg_end(FILE *f);

/* Fill color number i (any i >= 0; the palette repeats after 12): light enough for black
 * text on it, distinct enough to tell neighbours apart. */
const char *svg_color(int i);

#endif
