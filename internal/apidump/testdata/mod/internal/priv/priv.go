package priv

func Priv() {}
