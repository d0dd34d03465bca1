package hugepages

import (
	"bytes"
	"io/fs"
	"os"
	"path"
	"strings"
	"sync"
)

// virtioDevices is the sysfs directory of the machine's virtio devices,
// one entry per device, each with its device ID and negotiated features.
const virtioDevices = "/sys/bus/virtio/devices"

// The virtio memory balloon, and its feature by which the guest reports
// free memory to the hypervisor (VIRTIO_BALLOON_F_REPORTING). A device's
// features file is one '0' or '1' per feature bit, bit 0 first.
const (
	balloonDevice    = "0x0005"
	reportingFeature = 5
)

// reclaimed reports whether the machine hands its free memory back to a
// hypervisor: a virtio balloon in devices (a directory laid out as
// virtioDevices) has negotiated free page reporting. The guest kernel
// then reports free blocks of 2 MiB and more, and the hypervisor drops
// them; a huge page is such a block, so a fresh one is memory the host
// must find and zero again, where small pages mostly come from memory the
// guest still holds. On such a virtual machine (Firecracker, two cores),
// touching 64 MiB of fresh memory took 150-175 ms in huge pages and about
// 21 ms in 4 KiB pages; only when a block was freed and reused within a
// second were huge pages faster (8 ms). Asking for huge pages there made
// the text layer over 20 documents cost a fifth more CPU.
func reclaimed(devices fs.FS) bool {
	entries, err := fs.ReadDir(devices, ".")
	if err != nil {
		return false
	}
	for _, e := range entries {
		id, err := fs.ReadFile(devices, path.Join(e.Name(), "device"))
		if err != nil || strings.TrimSpace(string(id)) != balloonDevice {
			continue
		}
		features, err := fs.ReadFile(devices, path.Join(e.Name(), "features"))
		if features = bytes.TrimSpace(features); err == nil && len(features) > reportingFeature && features[reportingFeature] == '1' {
			return true
		}
	}
	return false
}

// reclaimedHere is reclaimed for this machine, read once.
var reclaimedHere = sync.OnceValue(func() bool {
	return reclaimed(os.DirFS(virtioDevices))
})

// pays reports whether asking for huge pages pays on a machine whose
// kernel mode (modeFile's text) is mode: the kernel gives them on request
// and does not hand free memory back to a hypervisor (reclaimed).
func pays(mode string) bool {
	return onRequest(mode) && !reclaimedHere()
}
