package classifier

import (
	"fmt"
	"os"
	"testing"
)

func TestDumpScratch(t *testing.T) {
	f, _ := os.Create("/tmp/cls.tsv")
	defer f.Close()
	for _, n := range []string{"dev.tsv", "second.tsv", "heldout.tsv"} {
		for _, l := range labelled(t, n) {
			got, word, head := Categorize(l[0])
			fmt.Fprintf(f, "%s\t%s\t%s\t%s\t%s\t%v\n", n, l[0], l[1], got, word, head)
		}
	}
}
