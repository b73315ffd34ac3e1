package main

import (
	"errors"
	"strconv"

	"mazebook/layout/png"
)

// dpiValue is a --dpi flag: a resolution from png.MinDPI to png.MaxDPI,
// checked as the flag is parsed, so that every command that has one
// takes the same range and refuses the rest as a usage error (exit 2).
type dpiValue float64

func (d *dpiValue) String() string { return strconv.FormatFloat(float64(*d), 'g', -1, 64) }

func (d *dpiValue) Set(s string) error {
	v, err := strconv.ParseFloat(s, 64)
	if err != nil {
		return errors.New("not a number")
	}
	if err := png.CheckDPI(v); err != nil {
		return err
	}
	*d = dpiValue(v)
	return nil
}

// dpiFlag adds the --dpi flag to fs, def its default, and returns where
// its value is kept.
func dpiFlag(fs *flagSet, def float64) *float64 {
	d := dpiValue(def)
	fs.Var(&d, "dpi", "resolution of a .png, from "+strconv.Itoa(png.MinDPI)+" to "+strconv.Itoa(png.MaxDPI)+" dots per inch")
	return (*float64)(&d)
}
