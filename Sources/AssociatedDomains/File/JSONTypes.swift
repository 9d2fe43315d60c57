import DeepLinks

/// `DeepLinks.JSONValue`, the JSON value the association file is read into; declared in
/// DeepLinks, which the line protocols share, and named here so code that imports only this
/// module keeps its spelling.
public typealias JSONValue = DeepLinks.JSONValue
/// `DeepLinks.JSONNumber`, a JSON number kept as written.
public typealias JSONNumber = DeepLinks.JSONNumber
/// `DeepLinks.JSONSyntaxError`, where and why a text is not JSON.
public typealias JSONSyntaxError = DeepLinks.JSONSyntaxError
/// `DeepLinks.JSONFormat`, how a JSON value is written out.
public typealias JSONFormat = DeepLinks.JSONFormat
/// `DeepLinks.JSONDuplicateKeys`, the keys a JSON text repeats within one object.
public typealias JSONDuplicateKeys = DeepLinks.JSONDuplicateKeys
