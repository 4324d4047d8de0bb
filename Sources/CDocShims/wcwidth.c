#define _GNU_SOURCE
#include <wchar.h>
#include "CDocShims.h"

int cdocshims_wcwidth(unsigned int scalar) {
    return wcwidth((wchar_t)scalar);
}
