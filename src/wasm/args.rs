//! The wasm API's argument checks (issue 34): every export takes its arguments as
//! `JsValue`s and reads them here, so a number, object, `true`, `NaN` or `undefined` where a
//! string is expected (or any other wrong type, or a size no run could use) is a JavaScript
//! `Error` naming the argument — never a trap. (wasm-bindgen's own `&str` and `Option<String>`
//! conversions read a non-string's `length` as a byte count and trap with "memory access out
//! of bounds".) An error goes back to JavaScript as [`js_error`] makes it.

use wasm_bindgen::prelude::*;

use crate::error::Error;

/// A JavaScript `Error` carrying the error's message, `kind` and `field` (and as its one
/// `problems`, [`js_errors`]).
pub(super) fn js_error(error: impl Into<Error>) -> JsValue {
    js_errors(vec![error.into()])
}

/// A JavaScript `Error` for every problem of `errors` at once (a request checked whole): its
/// message is theirs joined by `; `, its `kind` and `field` the first's, and its `problems`
/// each one's `{kind, field, message}`.
pub(super) fn js_errors(errors: Vec<Error>) -> JsValue {
    use serde::Serialize;
    let reports: Vec<_> = errors.iter().map(Error::report).collect();
    let message: Vec<&str> = reports.iter().map(|r| r.message.as_str()).collect();
    let object = js_sys::Error::new(&message.join("; "));
    let first = &reports[0];
    let field = first
        .field
        .as_deref()
        .map_or(JsValue::NULL, JsValue::from_str);
    let problems = reports
        .serialize(&serde_wasm_bindgen::Serializer::json_compatible())
        .unwrap_or(JsValue::NULL);
    // Setting properties on a fresh Error object cannot fail.
    let _ = js_sys::Reflect::set(&object, &"kind".into(), &first.kind.into());
    let _ = js_sys::Reflect::set(&object, &"field".into(), &field);
    let _ = js_sys::Reflect::set(&object, &"problems".into(), &problems);
    if let Some(module) = first.module {
        // `elsewhere`: the engine module that runs the game.
        let _ = js_sys::Reflect::set(&object, &"module".into(), &module.into());
    }
    object.into()
}

/// The error for argument `name`: what it must be and what it got.
pub(super) fn bad(name: &str, message: impl Into<String>) -> JsValue {
    js_error(Error::BadParameter {
        name: name.to_string(),
        message: message.into(),
    })
}

/// What a JavaScript value is, for messages: `undefined`, `null`, `true`, `NaN`, `a number
/// (3)`, `a string`, `an object`, …
fn what(value: &JsValue) -> String {
    if value.is_undefined() {
        "undefined".into()
    } else if value.is_null() {
        "null".into()
    } else if let Some(flag) = value.as_bool() {
        flag.to_string()
    } else if let Some(number) = value.as_f64() {
        if number.is_nan() {
            "NaN".into()
        } else {
            format!("the number {number}")
        }
    } else if value.is_string() {
        "a string".into()
    } else if value.is_function() {
        "a function".into()
    } else if js_sys::Array::is_array(value) {
        "an array".into()
    } else if value.is_bigint() {
        "a BigInt".into()
    } else if value.is_symbol() {
        "a symbol".into()
    } else {
        "an object".into()
    }
}

/// Whether `value` is missing (`undefined` or `null`).
pub(super) fn missing(value: &JsValue) -> bool {
    value.is_undefined() || value.is_null()
}

/// Argument `name` as a string.
pub(super) fn text(value: &JsValue, name: &str) -> Result<String, JsValue> {
    value.as_string().ok_or_else(|| {
        bad(
            name,
            format!("{name} must be a string, got {}", what(value)),
        )
    })
}

/// Argument `name` as bytes (a `Uint8Array` of `file`).
pub(super) fn bytes(value: JsValue, name: &str, file: &str) -> Result<Vec<u8>, JsValue> {
    let what = what(&value);
    value
        .dyn_into::<js_sys::Uint8Array>()
        .map(|array| array.to_vec())
        .map_err(|_| {
            bad(
                name,
                format!("{name} must be a Uint8Array of {file}, got {what}"),
            )
        })
}

/// Argument `name` as a string, or `None` when it is `undefined` or `null`.
pub(super) fn optional_text(value: &JsValue, name: &str) -> Result<Option<String>, JsValue> {
    if missing(value) {
        Ok(None)
    } else {
        text(value, name).map(Some)
    }
}

/// Argument `name` as a number from `min` to `max` (`NaN` and infinities refused).
pub(super) fn number(value: &JsValue, name: &str, min: f64, max: f64) -> Result<f64, JsValue> {
    match value.as_f64() {
        Some(x) if x.is_finite() && (min..=max).contains(&x) => Ok(x),
        Some(x) if x.is_finite() => Err(bad(
            name,
            format!("{name} must be from {min} to {max}, got {x}"),
        )),
        _ => Err(bad(
            name,
            format!("{name} must be a finite number, got {}", what(value)),
        )),
    }
}

/// Argument `name` as a whole number from `min` to `max` (at most 2⁵³, JavaScript's
/// exact integers).
pub(super) fn whole(value: &JsValue, name: &str, min: u64, max: u64) -> Result<u64, JsValue> {
    match value.as_f64() {
        Some(x) if x.is_finite() && x.fract() == 0.0 && x >= min as f64 && x <= max as f64 => {
            // Exact: a whole number within u64's range that came from a JavaScript number.
            Ok(x as u64)
        }
        _ => Err(bad(
            name,
            format!(
                "{name} must be a whole number from {min} to {max}, got {}",
                what(value)
            ),
        )),
    }
}

/// Argument `name` as a whole number from `min` to `max`, or `None` when it is missing.
pub(super) fn optional_whole(
    value: &JsValue,
    name: &str,
    min: u64,
    max: u64,
) -> Result<Option<u64>, JsValue> {
    if missing(value) {
        Ok(None)
    } else {
        whole(value, name, min, max).map(Some)
    }
}

/// Argument `name` as `true` or `false`.
pub(super) fn flag(value: &JsValue, name: &str) -> Result<bool, JsValue> {
    value.as_bool().ok_or_else(|| {
        bad(
            name,
            format!("{name} must be true or false, got {}", what(value)),
        )
    })
}

/// Argument `name` as an object (or array) deserialized as `T` (`what_it_is` says what it
/// must be, for the message).
pub(super) fn object<T: serde::de::DeserializeOwned>(
    value: JsValue,
    name: &str,
    what_it_is: &str,
) -> Result<T, JsValue> {
    if !value.is_object() || value.is_function() {
        return Err(bad(
            name,
            format!("{name} must be {what_it_is}, got {}", what(&value)),
        ));
    }
    serde_wasm_bindgen::from_value(value)
        .map_err(|e| bad(name, format!("{name} is not {what_it_is}: {e}")))
}

/// A count read from a deserialized object, refused above `max` before any work starts.
pub(super) fn at_most(name: &str, value: u64, max: u64) -> Result<(), JsValue> {
    if value > max {
        return Err(bad(
            name,
            format!("{name} must be at most {max}, got {value}"),
        ));
    }
    Ok(())
}
