#pragma once
// Move generation (D-06..D-10, D-13, D-14). The strict generator returns exactly the legal moves: if any
// capture exists only the sequences capturing the greatest number of pieces, otherwise the steps. The
// huffing generator (D-11) returns every step and every capture sequence, complete or not.
#include <cstdint>
#include <vector>

#include "games/dhamet/board.hpp"

namespace strat::dhamet {

// Legal moves under D-08/D-09 (no huff), in a fixed order: captures by origin point, else steps.
void generate_strict(const Board& b, std::vector<Move>& out);
// The number of strict legal moves, without building them (perft's last ply).
std::uint64_t count_strict(const Board& b);
// Every step and every capture sequence stopped at any jump (huffing variant, before huff options).
void generate_loose(const Board& b, std::vector<Move>& out);
// The greatest number of pieces any sequence of the side to move captures (0: none), and the pieces that
// can achieve it (for huffing).
int max_capture(const Board& b, Bits* achievers = nullptr);
bool has_capture(const Board& b);
bool has_step(const Board& b);
// Quiet steps available to colour c (men and Sultan slides), counted cheaply; for the evaluation.
int step_mobility(const Board& b, int c);

}  // namespace strat::dhamet
