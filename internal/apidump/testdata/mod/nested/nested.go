package nested

func Nested() {}
