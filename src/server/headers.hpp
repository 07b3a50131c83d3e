#pragma once
// The security headers every answer of the server carries (docs/security.md): the page may load only the
// server's own scripts, styles and connections, may not be framed, its types are not sniffed, and no link
// followed from it sends a Referer (seat links carry their token in the URL).
#include <boost/beast/http/field.hpp>
#include <boost/beast/http/fields.hpp>

namespace strat::server {

// The front end: one script and one stylesheet from /assets/, icons drawn as data: URLs, the API and the
// WebSocket on the same origin.
inline constexpr const char* kContentSecurityPolicy =
    "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
    "object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

// A generated printable document with its own inline styles and no script (the live game's card sheets).
inline constexpr const char* kInlineStylePolicy =
    "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; form-action 'none'; "
    "frame-ancestors 'none'";

inline void add_security_headers(boost::beast::http::fields& h, const char* policy = kContentSecurityPolicy) {
  namespace http = boost::beast::http;
  h.set("Content-Security-Policy", policy);
  h.set(http::field::x_frame_options, "DENY");  // frame-ancestors for browsers that predate it
  h.set("X-Content-Type-Options", "nosniff");
  h.set("Referrer-Policy", "no-referrer");
}

}  // namespace strat::server
