#pragma once

// SQL that both game stores speak alike, written once (a macro, so that a
// store's migration step joins it to its own SQL).

// The games schema's step to version 5 gives the games stored before it the
// colour their first seat played (games.first_seat_colour, "blue" by
// default). Only a Flip Jungle game whose colours were undecided at its
// start (the FEN's side field "-") can have given the first seat Red: its
// first ply is a flip, stored as "b2?=l", and the first seat plays the
// colour it revealed (a lower-case letter is a Red animal). Any other game
// keeps Blue in the first seat.
#define JUNGLE_FIRST_SEAT_COLOUR_BACKFILL                                        \
  "UPDATE games SET first_seat_colour = 'red' WHERE start_fen LIKE '% - %' AND " \
  "moves LIKE '__?=%' AND substr(moves, 5, 1) <> upper(substr(moves, 5, 1));"
