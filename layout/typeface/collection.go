package typeface

import (
	"encoding/binary"
	"fmt"
)

// FromCollection returns font index of a TrueType collection (.ttc) as a
// font file of its own, which Load reads and the PDF writer embeds: its
// tables, shared with the collection's other fonts or not, copied after
// a table directory of their own. Debian's CJK fonts come as
// collections (fonts-wqy-microhei's wqy-microhei.ttc).
func FromCollection(data []byte, index int) ([]byte, error) {
	if len(data) < 12 || string(data[:4]) != "ttcf" {
		return nil, fmt.Errorf("%w: not a font collection", ErrNotFont)
	}
	n := int(binary.BigEndian.Uint32(data[8:]))
	if index < 0 || index >= n || len(data) < 12+4*n {
		return nil, fmt.Errorf("%w: the collection has %d fonts, not font %d", ErrDamaged, n, index)
	}
	at := int(binary.BigEndian.Uint32(data[12+4*index:]))
	if at < 0 || at+12 > len(data) {
		return nil, fmt.Errorf("%w: font %d lies outside the file", ErrDamaged, index)
	}
	tables := int(binary.BigEndian.Uint16(data[at+4:]))
	dir := at + 12
	if dir+16*tables > len(data) {
		return nil, fmt.Errorf("%w: font %d's tables lie outside the file", ErrDamaged, index)
	}
	size := 12 + 16*tables
	for i := range tables {
		rec := data[dir+16*i:]
		off, length := int(binary.BigEndian.Uint32(rec[8:])), int(binary.BigEndian.Uint32(rec[12:]))
		if off < 0 || length < 0 || off+length > len(data) || off+length < off {
			return nil, fmt.Errorf("%w: a table of font %d lies outside the file", ErrDamaged, index)
		}
		size += (length + 3) &^ 3
	}
	out := make([]byte, 12+16*tables, size)
	copy(out, data[at:at+12])
	for i := range tables {
		rec := data[dir+16*i : dir+16*i+16]
		off, length := int(binary.BigEndian.Uint32(rec[8:])), int(binary.BigEndian.Uint32(rec[12:]))
		copy(out[12+16*i:], rec[:8]) // tag and checksum
		binary.BigEndian.PutUint32(out[12+16*i+8:], uint32(len(out)))
		binary.BigEndian.PutUint32(out[12+16*i+12:], uint32(length))
		out = append(out, data[off:off+length]...)
		for len(out)%4 != 0 {
			out = append(out, 0)
		}
	}
	return out, nil
}
