/*
 * burr_internal.h -- what the BurrTools reader's files share: a small XML tree (burr_xml.c),
 * enough for the .xmpuzzle format: elements, attributes, character data and the five named
 * entities and numeric character references. Comments, processing instructions (the
 * "<?xml ...?>" line) and CDATA sections are read; a DOCTYPE is refused (the format has
 * none, and entity declarations are a way to blow up memory).
 */
#ifndef DANCE_BURR_INTERNAL_H
#define DANCE_BURR_INTERNAL_H

#include <stddef.h>

#include "burr.h"

enum {
  BURR_XML_MAX_DEPTH = 200, /* nested elements: BurrTools' separation trees nest one level
                               per piece taken out, so deep trees are real */
};

typedef struct {
  char *name, *value; /* value with its entities replaced */
} burr_xml_attr;

typedef struct burr_xml_node {
  char *name;
  int line; /* of its start tag */
  int nattrs;
  burr_xml_attr *attrs;
  char *text; /* the character data directly inside it, concatenated, NUL-terminated */
  size_t text_len;
  int nchildren, cap;
  struct burr_xml_node **children;
} burr_xml_node;

/* Parses a whole document: one root element, with only comments, processing instructions
 * and blanks around it. On failure returns BURR_ESYNTAX (or BURR_ENOMEM) with the line and
 * what is wrong in err (err->file is left alone). */
burr_status burr_xml_parse(const char *text, size_t len, burr_xml_node **root, burr_error *err);
void burr_xml_free(burr_xml_node *n);
/* The value of attribute `name`, or NULL. */
const char *burr_xml_get(const burr_xml_node *n, const char *name);

/* The piece files of dance cube (polycube.h) read as a puzzle of one problem: the box or
 * region is the result, each piece a shape used once (xN: N times; optional: 0..N). */
burr_status burr_from_piece_file(const char *name, const char *text, size_t len, burr_puzzle **out,
                                 burr_error *err);

#endif
