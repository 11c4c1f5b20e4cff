package observe

// ReadIndexFile reads and parses the index file at path, as observation
// does once per command, for BenchmarkObserveLarge (package observe_test);
// it returns the number of entries.
func ReadIndexFile(path string) (int, error) {
	idx, err := readIndex(path)
	if err != nil {
		return 0, err
	}
	return len(idx.names), nil
}
