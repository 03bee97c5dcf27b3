package uri_test

import (
	"fmt"

	"github.com/seed42851778/rfc3986/uri"
)

func ExampleFromFilePath() {
	for _, p := range []struct {
		path  string
		style uri.PathStyle
	}{
		{"/home/me/notes 2026.md", uri.POSIXStyle},
		{`C:\Users\me\Documents\Ünïcode.txt`, uri.WindowsStyle},
		{`\\fileserver\public\report.pdf`, uri.WindowsStyle},
	} {
		fmt.Println(uri.FromFilePath(p.path, p.style))
	}
	// Output:
	// file:///home/me/notes%202026.md <nil>
	// file:///C:/Users/me/Documents/%C3%9Cn%C3%AFcode.txt <nil>
	// file://fileserver/public/report.pdf <nil>
}

func ExampleURI_FilePath() {
	u := uri.MustParse("file:///C:/Program%20Files/app.exe")
	fmt.Println(u.FilePath(uri.WindowsStyle))
	fmt.Println(uri.MustParse("file://localhost/etc/hosts").FilePath(uri.POSIXStyle))
	_, err := uri.MustParse("file://fileserver/public/x").FilePath(uri.POSIXStyle)
	fmt.Println(err)
	// Output:
	// C:\Program Files\app.exe <nil>
	// /etc/hosts <nil>
	// uri: file URI "file://fileserver/public/x": the host "fileserver" is not this machine: a POSIX path names no other
}
