import DeepLinksJSON

/// `DeepLinksJSON.JSONValue`, the JSON value the association file is read into; declared in
/// `DeepLinksJSON`, which route tables and the line protocols share, and named here so code
/// that imports only this module keeps its spelling.
public typealias JSONValue = DeepLinksJSON.JSONValue
/// `DeepLinksJSON.JSONNumber`, a JSON number kept as written.
public typealias JSONNumber = DeepLinksJSON.JSONNumber
/// `DeepLinksJSON.JSONSyntaxError`, where and why a text is not JSON.
public typealias JSONSyntaxError = DeepLinksJSON.JSONSyntaxError
/// `DeepLinksJSON.JSONFormat`, how a JSON value is written out.
public typealias JSONFormat = DeepLinksJSON.JSONFormat
/// `DeepLinksJSON.JSONDuplicateKeys`, the keys a JSON text repeats within one object.
public typealias JSONDuplicateKeys = DeepLinksJSON.JSONDuplicateKeys
