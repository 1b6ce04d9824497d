//! The arguments of the JavaScript calls read into the catalog's types: a game's options
//! (into [`Options`]), the options of `botMove`, `solve` and `moveValues` (bot, level,
//! seed, budgets), the steps of `inputChoices`. Every argument arrives as a `JsValue` and
//! is read here, so that no input, however malformed, reaches the engines unread or makes
//! the module trap; every refusal becomes an `Error` with a `kind`.

use catalog::bots::Level;
use catalog::{BotRequest, Error as WebError, ErrorKind, GameInfo, Options, SolveRequest};
use js_sys::Reflect;
use wasm_bindgen::prelude::*;

#[wasm_bindgen]
extern "C" {
    /// The options of `new Game` as declared in TypeScript; any value arrives (it is read
    /// and checked by [`read_options`]).
    #[wasm_bindgen(typescript_type = "GameOptions")]
    pub type GameOptionsArg;

    /// The options of `botMove` as declared in TypeScript; any value arrives.
    #[wasm_bindgen(typescript_type = "BotOptions")]
    pub type BotOptionsArg;

    /// The options of `solve` and `moveValues` as declared in TypeScript; any value
    /// arrives.
    #[wasm_bindgen(typescript_type = "SolveOptions")]
    pub type SolveOptionsArg;

    /// The steps of `inputChoices` as declared in TypeScript; any value arrives.
    #[wasm_bindgen(typescript_type = "string[]")]
    pub type StepsArg;
}

/// The value of an optional argument, `undefined` when it is missing.
pub(crate) fn optional<T: Into<JsValue>>(value: Option<T>) -> JsValue {
    value.map_or(JsValue::UNDEFINED, Into::into)
}

/// The JavaScript `Error` for `error`, with its `kind` property set.
pub(crate) fn to_js(error: &WebError) -> JsValue {
    let value = js_sys::Error::new(&error.message);
    // Setting a property on a fresh Error cannot fail; if it did, the error still throws.
    let _ = Reflect::set(&value, &"kind".into(), &error.kind.as_str().into());
    value.into()
}

/// `value` as a string, or an error of `kind` naming `what`.
pub(crate) fn string_arg(value: &JsValue, kind: ErrorKind, what: &str) -> Result<String, JsValue> {
    value
        .as_string()
        .ok_or_else(|| to_js(&WebError::new(kind, format!("{what} must be a string"))))
}

/// The property `key` of `object`, `undefined` when absent; a getter that throws is an
/// error of `kind`.
pub(crate) fn property(object: &JsValue, key: &str, kind: ErrorKind) -> Result<JsValue, JsValue> {
    Reflect::get(object, &key.into())
        .map_err(|_| to_js(&WebError::new(kind, format!("cannot read property {key}"))))
}

/// An options object being read.
struct Fields<'a> {
    /// The object.
    value: &'a JsValue,
    /// The call it was given to (`botMove`), as the messages name it.
    call: &'a str,
    /// The keys the call knows, as the messages list them.
    known: String,
}

impl<'a> Fields<'a> {
    /// The options object `value` of `call`, whose keys are `known`, and its own keys:
    /// `None` for `undefined` or `null` (no options), else a plain object whose keys are
    /// strings.
    ///
    /// # Errors
    /// `badOption` for another value than an object or a symbol key, the message naming
    /// the keys `call` knows.
    fn open(
        value: &'a JsValue,
        call: &'a str,
        known: &[&str],
    ) -> Result<Option<(Self, Vec<String>)>, JsValue> {
        if value.is_undefined() || value.is_null() {
            return Ok(None);
        }
        let fields = Fields {
            value,
            call,
            known: if known.is_empty() {
                "none".to_owned()
            } else {
                known.join(", ")
            },
        };
        if !value.is_object() || value.is_function() || is_array(value) {
            return Err(refuse(format!(
                "the options of {call} must be an object (options: {})",
                fields.known
            )));
        }
        let keys = Reflect::own_keys(value.unchecked_ref())
            .map_err(|_| refuse(format!("cannot read the keys of the options of {call}")))?;
        let keys = keys
            .iter()
            .map(|key| {
                key.as_string().ok_or_else(|| {
                    refuse(format!(
                        "the options of {call} have a key that is not a string (options: {})",
                        fields.known
                    ))
                })
            })
            .collect::<Result<_, _>>()?;
        Ok(Some((fields, keys)))
    }

    /// The options object `value` of `call` (not a game's options): `None` for `undefined`
    /// or `null` (no options), else a plain object each own key of which is one of
    /// `known`.
    ///
    /// # Errors
    /// As [`Fields::open`], and `badOption` for an unknown key, the message naming the key
    /// and the keys `call` knows.
    fn read(value: &'a JsValue, call: &'a str, known: &[&str]) -> Result<Option<Self>, JsValue> {
        let Some((fields, keys)) = Fields::open(value, call, known)? else {
            return Ok(None);
        };
        if let Some(key) = keys.iter().find(|key| !known.contains(&key.as_str())) {
            return Err(refuse(format!(
                "unknown option {:?} for {call} (options: {})",
                catalog::echo(key),
                fields.known
            )));
        }
        Ok(Some(fields))
    }

    /// The error for option `key` whose value is not `what`.
    fn wrong(&self, key: &str, what: &str, got: &JsValue) -> JsValue {
        refuse(format!(
            "option {key} of {} must be {what}, not {}",
            self.call,
            describe(got)
        ))
    }

    /// The value of option `key`; `None` when it is absent or `undefined`.
    fn get(&self, key: &str) -> Result<Option<JsValue>, JsValue> {
        let value = property(self.value, key, ErrorKind::BadOption)?;
        Ok((!value.is_undefined()).then_some(value))
    }

    /// Option `key` as a string.
    fn string(&self, key: &str) -> Result<Option<String>, JsValue> {
        self.get(key)?
            .map(|v| v.as_string().ok_or_else(|| self.wrong(key, "a string", &v)))
            .transpose()
    }

    /// Option `key`, whose value is `value`, as an array of at most `most` strings.
    fn strings(&self, key: &str, value: &JsValue, most: usize) -> Result<Vec<String>, JsValue> {
        let what = format!("an array of at most {most} strings");
        if !is_array(value) {
            return Err(self.wrong(key, &what, value));
        }
        let items: Vec<JsValue> = js_sys::Array::from(value).iter().collect();
        if items.len() > most {
            return Err(self.wrong(key, &what, value));
        }
        items
            .iter()
            .map(|item| {
                item.as_string()
                    .ok_or_else(|| self.wrong(key, &what, value))
            })
            .collect()
    }

    /// Option `key` as a number within `accept`, which says what it must be in `what`.
    fn number(
        &self,
        key: &str,
        what: &str,
        accept: impl Fn(f64) -> bool,
    ) -> Result<Option<f64>, JsValue> {
        self.get(key)?
            .map(|v| {
                v.as_f64()
                    .filter(|&n| accept(n))
                    .ok_or_else(|| self.wrong(key, what, &v))
            })
            .transpose()
    }
}

/// A `badOption` error with `message`.
fn refuse(message: String) -> JsValue {
    to_js(&WebError::bad_option(message))
}

/// A value as an error message describes it: a short one as JavaScript writes it, else its
/// type.
fn describe(value: &JsValue) -> String {
    if let Some(text) = value.as_string() {
        return format!("the string {:?}", catalog::echo(&text));
    }
    if let Some(number) = value.as_f64() {
        return format!("{number}");
    }
    if value.is_null() {
        return "null".to_owned();
    }
    if let Some(flag) = value.as_bool() {
        return format!("{flag}");
    }
    if is_array(value) {
        return "an array".to_owned();
    }
    if value.is_function() {
        return "a function".to_owned();
    }
    if value.is_object() {
        return "an object".to_owned();
    }
    format!("a {}", value.js_typeof().as_string().unwrap_or_default())
}

/// Whether `value` is an array: `instanceof Array`, which wasm-bindgen checks without
/// letting an exception through (`Array.isArray` throws for a revoked proxy).
fn is_array(value: &JsValue) -> bool {
    value.is_instance_of::<js_sys::Array>()
}

/// Whether `n` is an integer of at most 2^53 - 1 (what a JavaScript number holds exactly).
fn is_whole(n: f64) -> bool {
    n.fract() == 0.0 && n.abs() < 9_007_199_254_740_992.0
}

/// The options object of game `name`: `undefined` or `null` for none, else an object whose
/// values are strings or integers. Its keys are the catalog's to check: when some are not
/// options of the game, they alone are given on, so that the catalog refuses the first of
/// them (an unknown option or one of another game) before any value is read.
pub(crate) fn read_options(name: &str, value: &JsValue) -> Result<Options, JsValue> {
    let info = GameInfo::named(name).map_err(|error| to_js(&error))?;
    let known: Vec<&str> = info.options.iter().map(|spec| spec.key).collect();
    let Some((fields, keys)) = Fields::open(value, name, &known)? else {
        return Ok(Options::default());
    };
    let others: Vec<(String, String)> = keys
        .into_iter()
        .filter(|key| !known.contains(&key.as_str()))
        .map(|key| (key, String::new()))
        .collect();
    if !others.is_empty() {
        return Ok(Options::new(others));
    }
    let mut pairs = Vec::new();
    for key in known {
        let Some(raw) = fields.get(key)? else {
            continue;
        };
        let text = if let Some(text) = raw.as_string() {
            text
        } else if let Some(number) = raw.as_f64().filter(|&n| is_whole(n)) {
            format!("{number:.0}")
        } else {
            return Err(fields.wrong(key, "a string or an integer", &raw));
        };
        pairs.push((key.to_owned(), text));
    }
    Ok(Options::new(pairs))
}

/// The players of `toFile`'s options `{players}`: `None` when not given, else at most
/// `seats` names.
///
/// # Errors
/// `badOption` for another key, or `players` that is not an array of at most `seats`
/// strings.
pub(crate) fn read_file_players(
    value: &JsValue,
    seats: usize,
) -> Result<Option<Vec<String>>, JsValue> {
    let Some(fields) = Fields::read(value, "toFile", &["players"])? else {
        return Ok(None);
    };
    fields
        .get("players")?
        .map(|players| fields.strings("players", &players, seats))
        .transpose()
}

/// The steps of `inputChoices`: `undefined` for none, else an array of strings.
pub(crate) fn read_steps(value: &JsValue) -> Result<Vec<String>, JsValue> {
    if value.is_undefined() || value.is_null() {
        return Ok(Vec::new());
    }
    let bad = || {
        to_js(&WebError::new(
            ErrorKind::Parse,
            "the steps must be an array of strings",
        ))
    };
    if !value.is_object() {
        return Err(bad());
    }
    let length = property(value, "length", ErrorKind::Parse)?
        .as_f64()
        .filter(|n| n.fract() == 0.0 && (0.0..=64.0).contains(n))
        .ok_or_else(bad)?;
    (0..length as u32)
        .map(|index| {
            Reflect::get_u32(value, index)
                .ok()
                .and_then(|step| step.as_string())
                .ok_or_else(bad)
        })
        .collect()
}

/// The bot's name and the request from `{bot, level, seed, timeMs}`.
pub(crate) fn read_bot_options(value: &JsValue) -> Result<(Option<String>, BotRequest), JsValue> {
    let mut request = BotRequest {
        level: Level::default(),
        seed: 0,
        time_ms: None,
    };
    let Some(fields) = Fields::read(value, "botMove", &["bot", "level", "seed", "timeMs"])? else {
        return Ok((None, request));
    };
    let name = fields.string("bot")?;
    if let Some(level) = fields.number("level", "an integer from 1 to 5", |n| {
        (1.0..=5.0).contains(&n) && n.fract() == 0.0
    })? {
        request.level = Level::new(level as u8).unwrap_or_default();
    }
    if let Some(seed) = fields.number("seed", "an integer from 0 to 2^53 - 1", |n| {
        n >= 0.0 && is_whole(n)
    })? {
        request.seed = seed as u64;
    }
    request.time_ms = fields.number("timeMs", "a positive number of milliseconds", |t| {
        t.is_finite() && t > 0.0
    })?;
    Ok((name, request))
}

/// The budget from `{timeMs, nodes}` (both optional); `call` names the function.
pub(crate) fn read_solve_options(value: &JsValue, call: &str) -> Result<SolveRequest, JsValue> {
    let mut request = SolveRequest::default();
    let Some(fields) = Fields::read(value, call, &["timeMs", "nodes"])? else {
        return Ok(request);
    };
    if let Some(time) = fields.number("timeMs", "a positive number of milliseconds", |t| {
        t.is_finite() && t > 0.0
    })? {
        request.time_ms = Some(time);
    }
    request.nodes = fields
        .number("nodes", "a positive integer below 2^53", |n| {
            n > 0.0 && is_whole(n)
        })?
        .map(|n| n as u64);
    Ok(request)
}
