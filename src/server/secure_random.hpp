#pragma once
// The server's secrets (links, game ids, the seeds that deal hidden cards and pieces) come from the kernel's
// CSPRNG (getrandom), never from a client and never from a seeded generator: a client that could choose or
// predict a seed would know the other side's hidden deal.
#include <cstdint>
#include <string>

namespace strat::server {

std::uint64_t secure_random_u64();
// 128 random bits as 32 lowercase hex digits: links are the only credential, so they must not be guessable.
std::string random_token();

}  // namespace strat::server
