//! The page, and the headers every answer carries.
//!
//! The page is one file, `page.html`, with its CSS and script, embedded in
//! the binary. Every answer carries a `Content-Security-Policy` worked out
//! from it (its own inline script and style, allowed by their SHA-256
//! hashes; nothing from elsewhere; no framing), `X-Content-Type-Options:
//! nosniff`, `X-Frame-Options: DENY` and `Referrer-Policy: no-referrer`;
//! every answer of the API, which hands out seats' tokens, `Cache-Control:
//! no-store`, as does anything else without a cache policy of its own.

use std::sync::LazyLock;

use axum::http::{HeaderMap, HeaderName, HeaderValue, header};
use base64::Engine;
use sha2::{Digest, Sha256};

/// The page, whole: HTML, CSS and script in one file.
pub(crate) const PAGE: &str = include_str!("page.html");

/// The content security policy of the page served. Should it ever not be a
/// header's text, nothing at all is allowed, which the browser test sees.
static POLICY: LazyLock<HeaderValue> = LazyLock::new(|| {
    HeaderValue::from_str(&policy(PAGE)).unwrap_or(HeaderValue::from_static("default-src 'none'"))
});

/// The policy for `page`: its inline scripts and styles allowed by hash,
/// its icon as a `data:` image, its requests to its own origin, and nothing
/// else.
fn policy(page: &str) -> String {
    let hashes = |tag| inline(page, tag).map(hash).collect::<Vec<_>>().join(" ");
    format!(
        "default-src 'none'; script-src {}; style-src {}; img-src data:; connect-src 'self'; \
         base-uri 'none'; form-action 'none'; frame-ancestors 'none'",
        hashes("script"),
        hashes("style")
    )
}

/// The text of every `<tag>` element of `page`, as the browser hashes it.
fn inline<'a>(page: &'a str, tag: &'a str) -> impl Iterator<Item = &'a str> + 'a {
    let open = format!("<{tag}");
    let close = format!("</{tag}>");
    let mut rest = page;
    std::iter::from_fn(move || {
        loop {
            let start = rest.find(&open)?;
            rest = &rest[start + open.len()..];
            // `<styles` or `<scripty` is another tag.
            if !rest.starts_with(|c: char| c == '>' || c.is_ascii_whitespace()) {
                continue;
            }
            let body = &rest[rest.find('>')? + 1..];
            let end = body.find(&close)?;
            rest = &body[end + close.len()..];
            return Some(&body[..end]);
        }
    })
}

/// A CSP source for `text`: `'sha256-<base64>'`.
fn hash(text: &str) -> String {
    let digest = Sha256::digest(text.as_bytes());
    format!("'sha256-{}'", base64::engine::general_purpose::STANDARD.encode(digest))
}

/// Puts the security headers on an answer.
pub(crate) fn secure(headers: &mut HeaderMap, api: bool) {
    headers.insert(header::CONTENT_SECURITY_POLICY, POLICY.clone());
    for (name, value) in FIXED_HEADERS {
        headers.insert(name, HeaderValue::from_static(value));
    }
    if api || !headers.contains_key(header::CACHE_CONTROL) {
        headers.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    }
}

/// The headers every answer carries whatever it is.
const FIXED_HEADERS: [(HeaderName, &str); 3] = [
    (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
    (header::X_FRAME_OPTIONS, "DENY"),
    (header::REFERRER_POLICY, "no-referrer"),
];

/// The security headers as lines of a raw HTTP answer, for the answers
/// written without the router (a connection over the cap).
pub(crate) fn raw_headers() -> String {
    let policy = POLICY.to_str().unwrap_or_default();
    let mut lines = format!("{}: {policy}\r\n", header::CONTENT_SECURITY_POLICY);
    for (name, value) in FIXED_HEADERS {
        lines.push_str(&format!("{name}: {value}\r\n"));
    }
    lines.push_str("cache-control: no-store\r\n");
    lines
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_policy_hashes_each_inline_script_and_style() {
        let page = "<style>b{}</style><scripts></scripts><script>alert(1)</script>\
                    <script type=\"module\">x</script>";
        assert_eq!(inline(page, "script").collect::<Vec<_>>(), ["alert(1)", "x"]);
        assert_eq!(inline(page, "style").collect::<Vec<_>>(), ["b{}"]);
        // `printf 'alert(1)' | openssl dgst -sha256 -binary | base64`
        assert_eq!(hash("alert(1)"), "'sha256-bhHHL3z2vDgxUt0W3dWQOrprscmda2Y5pLsLg4GF+pI='");
        let policy = policy(page);
        assert!(policy.contains(&format!("script-src {} {};", hash("alert(1)"), hash("x"))));
        assert!(policy.contains(&format!("style-src {};", hash("b{}"))));
        assert!(policy.contains("default-src 'none'"));
        assert!(policy.contains("frame-ancestors 'none'"));
    }

    #[test]
    fn the_served_page_has_one_inline_script_and_one_style() {
        assert_eq!(inline(PAGE, "script").count(), 1);
        assert_eq!(inline(PAGE, "style").count(), 1);
        // The page sets no style attribute, which the policy would refuse.
        assert!(!PAGE.contains(" style=\""), "the policy refuses style attributes");
    }
}
