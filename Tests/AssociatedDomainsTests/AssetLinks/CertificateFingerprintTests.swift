import Testing

@testable import AssociatedDomains

@Suite("Certificate fingerprints in their exact format")
struct CertificateFingerprintTests {
    @Test("a fingerprint reads into 32 bytes and writes back the same text")
    func roundTrips() throws {
        let fingerprint = try CertificateFingerprint(AssetLinksSamples.release)
        #expect(fingerprint.bytes.count == 32)
        #expect(fingerprint.bytes.prefix(3) == [0x14, 0x6D, 0xE9])
        #expect(fingerprint.description == AssetLinksSamples.release)
        #expect(try CertificateFingerprint(bytes: fingerprint.bytes) == fingerprint)
    }

    static let release = AssetLinksSamples.release
    static let malformed: [(String, CertificateFingerprintError)] = [
        ("", .empty),
        (String(release.filter { $0 != ":" }), .withoutColons),
        ("14:6d" + release.dropFirst(5), .lowercaseDigit(position: 5)),
        ("14-6D" + release.dropFirst(5), .invalidCharacter("-", position: 3)),
        ("146D:" + release.dropFirst(5), .missingColon(position: 3)),
        ("1:46D" + release.dropFirst(5), .misplacedColon(position: 2)),
        (release + ":", .trailingColon),
        (release + ":A", .incompleteByte),
        (String(release.prefix(59)), .wrongByteCount(20)),
        (release + ":00", .wrongByteCount(33)),
        ("G4" + release.dropFirst(2), .invalidCharacter("G", position: 1)),
    ]

    @Test("each way of getting the format wrong gets its own error", arguments: malformed)
    func refusesMalformed(text: String, expected: CertificateFingerprintError) {
        #expect(throws: expected) { try CertificateFingerprint(text) }
    }

    @Test("a SHA-1 fingerprint is named as one")
    func namesSHA1() {
        #expect(
            CertificateFingerprintError.wrongByteCount(20).description
                == "the fingerprint has 20 bytes instead of 32 (20 bytes is a SHA-1 fingerprint; Android needs SHA-256)"
        )
        #expect(
            CertificateFingerprintError.lowercaseDigit(position: 4).description
                == "character 4 is a lower-case hex digit; a fingerprint is 32 bytes as upper-case hex pairs "
                + "joined by colons (AB:CD:…)")
    }

    @Test("bytes of another count are refused")
    func refusesWrongByteCount() {
        #expect(throws: CertificateFingerprintError.wrongByteCount(31)) {
            try CertificateFingerprint(bytes: [UInt8](repeating: 0, count: 31))
        }
    }
}
