#pragma once
namespace strat::server {
// Adds `strat serve [--port P] [--db FILE] [--host H] [--web DIR]` to the CLI (called from main()).
void install_serve_verb();
}  // namespace strat::server
