extension TypeFamily {
    /// The 128-bit integer families (issue 17): `Int128`, `UInt128` and
    /// `Optional<Int128>`. Each sample's two halves differ and the high half
    /// is no sign extension of the low one, so a half read from the wrong
    /// register or stack word shows. Kept out of ``catalog`` so the earlier
    /// tiers keep their numbers.
    static let wideIntegerFamilies: [TypeFamily] = {
        let signed = TypeFamily(
            id: "Int128", group: .wideInteger,
            samples: [
                "Int128.min", "Int128.max", "Int128(-1)",
                "(Int128(0x0123_4567_89AB_CDEF) << 64 | 0x7EDC_BA98_7654_3210)",
                "(Int128(-0x1111_2222_3333) << 70 - 0x55)",
            ])
        let unsigned = TypeFamily(
            id: "UInt128", group: .wideInteger,
            samples: ["UInt128.max", "UInt128(0)", "(UInt128(0xFEDC_BA98_7654_3210) << 64 | 0x0F0F_0F0F_0F0F_0F0F)"])
        return [signed, unsigned, signed.optional]
    }()
}
