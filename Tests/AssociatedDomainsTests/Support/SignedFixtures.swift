import Foundation

/// CMS-signed association files, as iOS 8 required them.
///
/// All three sign the seed's Handoff example,
/// `{"activitycontinuation":{"apps":["YWBN8XTPBJ.com.example.myApp"]}}`, with a self-signed
/// P-256 certificate for `example.com`, using the command Apple's Handoff guide gave:
/// `openssl smime -sign -inkey example.com.key -signer example.com.pem -noattr -nodetach -outform DER`.
enum SignedFixtures {
    /// The signed JSON.
    static let json = #"{"activitycontinuation":{"apps":["YWBN8XTPBJ.com.example.myApp"]}}"#
    /// DER, as `openssl smime -sign -nodetach -outform DER` writes it.
    static let der: [UInt8] = decode(
        "MIICoAYJKoZIhvcNAQcCoIICkTCCAo0CAQExDzANBglghkgBZQMEAgEFADBRBgkqhkiG9w0BBwGgRARCeyJhY3Rpdml0eWNv"
            + "bnRpbnVhdGlvbiI6eyJhcHBzIjpbIllXQk44WFRQQkouY29tLmV4YW1wbGUubXlBcHAiXX19oIIBhTCCAYEwggEnoAMCAQIC"
            + "FBMcFvCHt3ZJPdy4QNT1tr2qtcFMMAoGCCqGSM49BAMCMBYxFDASBgNVBAMMC2V4YW1wbGUuY29tMB4XDTI2MTEyMTIwMjgy"
            + "M1oXDTM2MTExODIwMjgyM1owFjEUMBIGA1UEAwwLZXhhbXBsZS5jb20wWTATBgcqhkjOPQIBBggqhkjOPQMBBwNCAAQEMii1"
            + "PzI79AVAiws9RWNUmvdoNdIMn5S1v8n0mvZPQTtfxZ9GDhKmh2hfwJvJwHXJJHXO3rxKxmyHX6o6WS2co1MwUTAdBgNVHQ4E"
            + "FgQUQToSmqW8gWdTU1W+TrXPwD6VdZMwHwYDVR0jBBgwFoAUQToSmqW8gWdTU1W+TrXPwD6VdZMwDwYDVR0TAQH/BAUwAwEB"
            + "/zAKBggqhkjOPQQDAgNIADBFAiASMqFa9OcrPNgmiIZHN/F/qcc4tDKEFKOWdT5TToKAhQIhAKZxSeqMiQJaiIUioxVbBYJ7"
            + "EBzjXpko+Fz4gZCKYtWcMYGaMIGXAgEBMC4wFjEUMBIGA1UEAwwLZXhhbXBsZS5jb20CFBMcFvCHt3ZJPdy4QNT1tr2qtcFM"
            + "MA0GCWCGSAFlAwQCAQUAMAoGCCqGSM49BAMCBEcwRQIgUmvobiK8ONZk27Zlfdhmim5Isra9utL+Jp5BP6ImSRECIQC+tOFg"
            + "6iuu3VALCOEN24p+kHIrdXZkkIuYd0oNKzrBVw==")

    /// BER with indefinite lengths, as `openssl cms -sign -stream -nodetach -outform DER` writes it.
    static let streamedBER: [UInt8] = decode(
        "MIAGCSqGSIb3DQEHAqCAMIACAQExDTALBglghkgBZQMEAgEwgAYJKoZIhvcNAQcBoIAkgARCeyJhY3Rpdml0eWNvbnRpbnVh"
            + "dGlvbiI6eyJhcHBzIjpbIllXQk44WFRQQkouY29tLmV4YW1wbGUubXlBcHAiXX19AAAAAAAAoIIBhTCCAYEwggEnoAMCAQIC"
            + "FBMcFvCHt3ZJPdy4QNT1tr2qtcFMMAoGCCqGSM49BAMCMBYxFDASBgNVBAMMC2V4YW1wbGUuY29tMB4XDTI2MTEyMTIwMjgy"
            + "M1oXDTM2MTExODIwMjgyM1owFjEUMBIGA1UEAwwLZXhhbXBsZS5jb20wWTATBgcqhkjOPQIBBggqhkjOPQMBBwNCAAQEMii1"
            + "PzI79AVAiws9RWNUmvdoNdIMn5S1v8n0mvZPQTtfxZ9GDhKmh2hfwJvJwHXJJHXO3rxKxmyHX6o6WS2co1MwUTAdBgNVHQ4E"
            + "FgQUQToSmqW8gWdTU1W+TrXPwD6VdZMwHwYDVR0jBBgwFoAUQToSmqW8gWdTU1W+TrXPwD6VdZMwDwYDVR0TAQH/BAUwAwEB"
            + "/zAKBggqhkjOPQQDAgNIADBFAiASMqFa9OcrPNgmiIZHN/F/qcc4tDKEFKOWdT5TToKAhQIhAKZxSeqMiQJaiIUioxVbBYJ7"
            + "EBzjXpko+Fz4gZCKYtWcMYGYMIGVAgEBMC4wFjEUMBIGA1UEAwwLZXhhbXBsZS5jb20CFBMcFvCHt3ZJPdy4QNT1tr2qtcFM"
            + "MAsGCWCGSAFlAwQCATAKBggqhkjOPQQDAgRHMEUCIQClYnaWmvu16ij4IZenxSKStBUnh0bnG6c3+3zepwDwWAIgc20usumm"
            + "7pJBs7wfoGqMFZSOI3j7PZ3wLGZEx9JEYRwAAAAAAAA=")

    /// A detached signature (`openssl smime -sign` without `-nodetach`): the JSON is not inside.
    static let detached: [UInt8] = decode(
        "MIICWwYJKoZIhvcNAQcCoIICTDCCAkgCAQExDzANBglghkgBZQMEAgEFADALBgkqhkiG9w0BBwGgggGFMIIBgTCCASegAwIB"
            + "AgIUExwW8Ie3dkk93LhA1PW2vaq1wUwwCgYIKoZIzj0EAwIwFjEUMBIGA1UEAwwLZXhhbXBsZS5jb20wHhcNMjYxMTIxMjAy"
            + "ODIzWhcNMzYxMTE4MjAyODIzWjAWMRQwEgYDVQQDDAtleGFtcGxlLmNvbTBZMBMGByqGSM49AgEGCCqGSM49AwEHA0IABAQy"
            + "KLU/Mjv0BUCLCz1FY1Sa92g10gyflLW/yfSa9k9BO1/Fn0YOEqaHaF/Am8nAdckkdc7evErGbIdfqjpZLZyjUzBRMB0GA1Ud"
            + "DgQWBBRBOhKapbyBZ1NTVb5Otc/APpV1kzAfBgNVHSMEGDAWgBRBOhKapbyBZ1NTVb5Otc/APpV1kzAPBgNVHRMBAf8EBTAD"
            + "AQH/MAoGCCqGSM49BAMCA0gAMEUCIBIyoVr05ys82CaIhkc38X+pxzi0MoQUo5Z1PlNOgoCFAiEApnFJ6oyJAlqIhSKjFVsF"
            + "gnsQHONemSj4XPiBkIpi1ZwxgZswgZgCAQEwLjAWMRQwEgYDVQQDDAtleGFtcGxlLmNvbQIUExwW8Ie3dkk93LhA1PW2vaq1"
            + "wUwwDQYJYIZIAWUDBAIBBQAwCgYIKoZIzj0EAwIESDBGAiEA9Wx3Qsi9RJ+RcdHdkErnUyiryl2m1TxrrE29qwq3AesCIQDL"
            + "frIJCmGo5XAQanzytZntT1IpmTIqQOm9urUMABKbAg==")

    private static func decode(_ base64: String) -> [UInt8] {
        Array(Data(base64Encoded: base64) ?? Data())
    }
}
