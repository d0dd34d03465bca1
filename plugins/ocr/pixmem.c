// Line images kept unencoded for libtesseract: see pixmem.go.

#define _GNU_SOURCE
#include <dlfcn.h>
#include <leptonica/allheaders.h>

typedef l_ok (*assay_write_mem)(l_uint8 **, size_t *, PIX *, l_int32);

l_ok pixWriteMem(l_uint8 **pdata, size_t *psize, PIX *pix, l_int32 format) {
	static assay_write_mem next;
	assay_write_mem f;
	if (format == IFF_PNG) {
		return pixWriteMemSpix(pdata, psize, pix);
	}
	f = __atomic_load_n(&next, __ATOMIC_ACQUIRE);
	if (f == 0) {
		f = (assay_write_mem)dlsym(RTLD_NEXT, "pixWriteMem");
		if (f == 0) {
			return 1;
		}
		__atomic_store_n(&next, f, __ATOMIC_RELEASE);
	}
	return f(pdata, psize, pix, format);
}
