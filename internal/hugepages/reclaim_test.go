package hugepages

import (
	"testing"
	"testing/fstest"
)

func TestReclaimed(t *testing.T) {
	t.Parallel()
	const (
		reporting = "0110010100000000000000000000000010000000\n"
		noReport  = "0110000100000000000000000000000010000000\n"
	)
	dev := func(id, features string) map[string]*fstest.MapFile {
		return map[string]*fstest.MapFile{
			"device":   {Data: []byte(id + "\n")},
			"features": {Data: []byte(features)},
		}
	}
	machine := func(devs ...map[string]*fstest.MapFile) fstest.MapFS {
		fsys := fstest.MapFS{}
		for i, d := range devs {
			for name, f := range d {
				fsys["virtio"+string(rune('0'+i))+"/"+name] = f
			}
		}
		return fsys
	}
	tests := []struct {
		name string
		fsys fstest.MapFS
		want bool
	}{
		{"a balloon that reports free pages", machine(dev("0x0002", noReport), dev(balloonDevice, reporting)), true},
		{"a balloon without reporting", machine(dev(balloonDevice, noReport)), false},
		{"bit 5 of a disk is another feature", machine(dev("0x0002", reporting)), false},
		{"no virtio devices", fstest.MapFS{}, false},
		{"a balloon whose features are cut short", machine(dev(balloonDevice, "0110")), false},
		{"a balloon without a features file", fstest.MapFS{"virtio0/device": {Data: []byte(balloonDevice)}}, false},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			if got := reclaimed(tc.fsys); got != tc.want {
				t.Errorf("reclaimed = %v, want %v", got, tc.want)
			}
		})
	}
}
