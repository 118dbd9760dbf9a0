/* howard_files.h -- the exact bytes of C. Douglas Howard's puzzle files, from the public code
 * of "The Metropolis Algorithm: Theory and Examples" (2024), repository
 * CDouglasHoward13/Metropolis, MIT licence: see data/gridlock/LICENSE. The copies in data/
 * add a '#' comment header that cites this source; the tests read these originals too and
 * require the same puzzle from both, so that Howard's own format stays readable as it is. */
#ifndef DANCE_TEST_HOWARD_FILES_H
#define DANCE_TEST_HOWARD_FILES_H

/* Rubik's Gridlock, puzzles 1 to 88: Howard's 01.txt .. 88.txt (index 0 .. 87). */
static const char *const howard_gridlock[88] = {
    "2 1 h\n5 1 v\n4 6 h\n", "7 6 h\n2 4 v\n6 6 v\n", "4 3 v\n3 3 v\n1 6 h\n",
    "2 8 h\n7 1 h\n6 6 h\n", "7 4 v\n3 3 h\n2 3 v\n", "8 2 v\n7 2 v\n3 1 v\n",
    "8 8 v\n5 6 v\n3 5 v\n", "1 1 h\n3 6 v\n4 7 h\n", "6 4 h\n4 3 h\n2 5 h\n",
    "2 1 h\n3 5 h\n3 6 v\n", "1 8 v\n3 7 v\n6 3 v\n", "1 8 h\n3 7 v\n6 5 h\n",
    "2 3 h\n6 8 h\n1 8 h\n", "5 2 h\n5 7 h\n1 8 h\n", "4 6 v\n6 1 v\n8 1 v\n",
    "7 4 h\n2 5 h\n1 8 h\n", "4 1 v\n4 3 v\n1 1 v\n", "5 3 h\n7 4 v\n2 8 h\n",
    "4 3 h\n5 2 v\n1 7 h\n", "8 1 h\n3 4 h\n4 1 h\n", "8 5 h\n5 5 h\n3 8 h\n",
    "2 6 h\n6 4 h\n3 8 h\n", "4 3 h\n3 4 v\n5 3 h\n", "6 2 v\n5 2 v\n6 6 h\n",
    "3 4 h\n6 8 h\n1 8 h\n", "4 2 v\n5 5 v\n8 6 v\n", "6 8 h\n3 4 h\n1 5 v\n",
    "1 3 v\n1 7 v\n4 6 v\n", "5 5 h\n1 7 v\n5 6 h\n", "6 6 h\n4 8 h\n2 5 h\n",
    "4 5 h\n6 8 h\n5 3 v\n", "5 6 h\n1 5 v\n6 5 h\n", "5 1 v\n4 5 v\n3 3 v\n",
    "6 3 h\n6 8 h\n4 4 v\n", "6 4 h\n1 3 h\n6 6 h\n", "4 3 h\n3 8 h\n3 5 h\n",
    "8 3 v\n7 7 v\n6 6 v\n", "7 4 h\n4 1 h\n6 6 v\n", "8 3 h\n3 8 h\n3 5 h\n",
    "5 4 h\n3 5 h\n5 3 h\n", "4 2 h\n1 4 h\n4 6 v\n", "8 5 v\n6 7 v\n5 1 v\n",
    "5 4 h\n4 7 h\n1 7 h\n", "6 3 h\n4 7 h\n1 7 h\n", "7 5 h\n3 3 h\n1 8 h\n",
    "6 6 h\n4 7 v\n5 4 v\n", "5 4 v\n3 1 h\n6 6 v\n", "4 7 h\n4 3 v\n4 8 h\n",
    "5 4 h\n4 7 v\n8 6 v\n", "4 7 h\n3 3 v\n4 8 h\n", "8 8 h\n3 1 h\n1 5 h\n",
    "5 6 h\n3 6 h\n1 3 v\n", "3 4 h\n5 1 h\n4 8 h\n", "4 4 h\n7 5 h\n1 4 v\n",
    "4 6 h\n5 5 h\n5 6 v\n", "3 5 h\n1 3 v\n6 4 h\n", "4 7 h\n1 5 v\n4 8 h\n",
    "5 6 h\n1 3 v\n4 1 h\n", "4 2 h\n1 5 h\n4 1 h\n", "3 3 h\n5 5 h\n6 8 h\n",
    "5 3 v\n6 7 v\n3 4 v\n", "6 6 v\n4 7 v\n5 1 v\n", "5 6 h\n5 5 h\n1 4 h\n",
    "5 3 v\n6 4 v\n4 6 v\n", "4 7 h\n5 4 h\n5 5 v\n", "4 5 h\n5 8 h\n3 1 h\n",
    "3 3 h\n7 5 h\n1 6 v\n", "3 5 v\n6 7 v\n8 3 v\n", "4 4 v\n6 7 v\n8 3 v\n",
    "5 3 v\n3 7 v\n1 1 v\n", "5 6 v\n3 3 v\n8 6 v\n", "4 5 h\n3 1 h\n1 6 v\n",
    "5 3 h\n3 3 h\n8 1 v\n", "7 3 h\n4 4 h\n8 1 v\n", "7 3 h\n4 8 h\n8 1 v\n",
    "3 6 h\n6 7 v\n4 1 h\n", "5 5 h\n4 7 v\n1 8 h\n", "5 4 h\n4 3 v\n4 8 h\n",
    "3 5 h\n4 4 v\n4 1 h\n", "4 3 h\n5 4 h\n8 1 v\n", "6 6 h\n7 3 h\n1 6 v\n",
    "3 4 h\n5 5 v\n4 1 h\n", "4 5 h\n6 7 v\n3 1 h\n", "6 3 v\n3 1 h\n3 2 v\n",
    "6 6 v\n4 4 v\n5 1 v\n", "6 5 h\n1 4 v\n1 6 h\n", "6 3 h\n8 7 v\n1 5 h\n",
    "6 7 h\n8 4 v\n6 8 h\n",
};

/* One Up of 7 July 2024: Howard's 7-7-2024.txt, notes after the data on a line and all. */
static const char howard_oneup_7_7_2024[] = "11112222    Row regions\n"
                                            "11111222\n"
                                            "12222222\n"
                                            "11222222\n"
                                            "11111111\n"
                                            "11222222\n"
                                            "11122222\n"
                                            "11111122\n"
                                            "\n"
                                            "11111111    Column regions\n"
                                            "11111121\n"
                                            "11212121\n"
                                            "11212221\n"
                                            "21212221\n"
                                            "22212221\n"
                                            "22222221\n"
                                            "22222221\n"
                                            "\n"
                                            "9           Number of clues\n"
                                            "1 2 3       Row 1, column 2's clue is 3\n"
                                            "2 2 5\n"
                                            "3 3 1\n"
                                            "4 4 3\n"
                                            "4 6 2\n"
                                            "6 4 6\n"
                                            "6 8 1\n"
                                            "7 1 3\n"
                                            "8 3 4\n";

#endif
