// Expected: refused. A storage that a link holds may be read by other tasks at the same time:
// nothing outside its builder may write it.
func probeWritesASharedStorage(_ link: Link) {
    link.storage.append(PathSegment(raw: "x", decoded: "x"))
}
