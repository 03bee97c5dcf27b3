package uritemplate_test

import (
	"fmt"

	"github.com/seed42851778/rfc3986/uritemplate"
)

func ExampleTemplate_Match_explode() {
	t := uritemplate.MustParse("/files{/path*}{?opts*}")
	vars, ok := t.Match("/files/docs/a%20b.txt?mode=ro&lang=en")
	fmt.Println(vars["path"], vars["opts"], ok)
	// Output: [docs a b.txt] [{mode ro} {lang en}] true
}
