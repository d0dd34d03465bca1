package onnxrt

import (
	"os"
	"path/filepath"
)

// EnvModelsDir names the models directory when the options do not.
const EnvModelsDir = "ASSAY_MODELS_DIR"

// SystemModelsDir is the last place looked for models.
const SystemModelsDir = "/usr/local/share/assay/models"

// LibName is the runtime library's file name inside <models_dir>/onnxruntime.
const LibName = "libonnxruntime.so.1"

// CUDAProviderLib is onnxruntime's CUDA execution provider, which a GPU
// build ships beside libonnxruntime.so.1.
const CUDAProviderLib = "libonnxruntime_providers_cuda.so"

// libDir is the runtime's folder inside the models directory.
const libDir = "onnxruntime"

// DefaultModelsDir is $ASSAY_MODELS_DIR, else models/ next to the
// executable (or one folder up, for bin/ in a checkout) when it exists, else
// SystemModelsDir.
func DefaultModelsDir() string {
	if d := os.Getenv(EnvModelsDir); d != "" {
		return d
	}
	if exe, err := os.Executable(); err == nil {
		for _, d := range []string{
			filepath.Join(filepath.Dir(exe), "models"),
			filepath.Join(filepath.Dir(exe), "..", "models"),
		} {
			if st, err := os.Stat(d); err == nil && st.IsDir() {
				return d
			}
		}
	}
	return SystemModelsDir
}

// LibPath is the runtime library inside modelsDir; DefaultModelsDir when
// modelsDir is empty.
func LibPath(modelsDir string) string {
	if modelsDir == "" {
		modelsDir = DefaultModelsDir()
	}
	return filepath.Join(modelsDir, libDir, LibName)
}
