package integration_test

import (
	"database/sql"
	"errors"
	"fmt"

	"github.com/urlspec/urlspec"
	_ "modernc.org/sqlite" // the pure-Go SQLite driver, registered as "sqlite"
)

// URLs go into and come out of SQL columns as they are: urlspec.URL is a
// driver.Valuer (its href; the zero URL is NULL) and an sql.Scanner (the
// WHATWG parser without a base; NULL is the zero URL). This program is the
// fourth of the everyday programs of docs/everyday.md, which shows it.
func Example_sqlite() {
	db, err := sql.Open("sqlite", ":memory:")
	if err != nil {
		fmt.Println(err)
		return
	}
	defer db.Close()
	db.SetMaxOpenConns(1) // one connection: each new one gets a new in-memory database

	_, err = db.Exec(`CREATE TABLE services (
		name TEXT PRIMARY KEY,
		url  TEXT UNIQUE, -- the href: equal URLs are equal strings
		docs TEXT         -- NULL when there is none
	)`)
	if err != nil {
		fmt.Println(err)
		return
	}
	insert := func(name string, u, docs urlspec.URL) {
		if _, err := db.Exec(`INSERT INTO services VALUES (?, ?, ?)`, name, u, docs); err != nil {
			fmt.Println(name, "not stored:", err)
		}
	}
	insert("api", urlspec.MustParse("HTTPS://API.Example.com:443/v1/"), urlspec.MustParse("https://docs.example.com/api"))
	insert("db", urlspec.MustParse("postgres://app:s3cr%40t@db.internal:5432/prod"), urlspec.URL{})
	// The same URL written another way is the same href, so UNIQUE refuses it.
	insert("api-again", urlspec.MustParse("https://api.example.com/v1/./"), urlspec.URL{})
	// A value that some other program stored, which is no URL.
	if _, err := db.Exec(`INSERT INTO services VALUES ('legacy', 'http://exa mple.com/', NULL)`); err != nil {
		fmt.Println(err)
		return
	}

	rows, err := db.Query(`SELECT name, url, docs FROM services ORDER BY name`)
	if err != nil {
		fmt.Println(err)
		return
	}
	defer rows.Close()
	for rows.Next() {
		var name string
		var u, docs urlspec.URL
		if err := rows.Scan(&name, &u, &docs); err != nil {
			var e *urlspec.Error // database/sql wraps Scan's error
			if errors.As(err, &e) {
				fmt.Printf("%s unreadable: %s at byte %d of %q\n", name, e.Code, e.Offset, e.Input)
			}
			continue
		}
		fmt.Println(name, u, docs.IsZero())
		if u.Scheme() == "postgres" {
			user, pass := u.Credentials() // decoded, as a driver wants them
			fmt.Println("  user", user, "password", pass, "address", u.Host())
		}
	}
	if err := rows.Err(); err != nil {
		fmt.Println(err)
	}
	// Output:
	// api-again not stored: constraint failed: UNIQUE constraint failed: services.url (2067)
	// api https://api.example.com/v1/ false
	// db postgres://app:s3cr%40t@db.internal:5432/prod true
	//   user app password s3cr@t address db.internal:5432
	// legacy unreadable: domain-invalid-code-point at byte 10 of "http://exa mple.com/"
}
