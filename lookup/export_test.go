package lookup

// SetAfterVerify sets the hook called once a table is verified, before it
// is read, for the tests of package lookup_test.
func SetAfterVerify(f func(rel string)) { afterVerify = f }
