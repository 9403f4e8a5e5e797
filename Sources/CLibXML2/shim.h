#ifndef ADBRIDGE_CLIBXML2_SHIM_H
#define ADBRIDGE_CLIBXML2_SHIM_H

/*
 * libxml2 for Swift on Linux.
 *
 * Debian's libxml2 is built with ICU, so its headers pull the system's ICU headers, whose
 * `UErrorCode` clashes with the copy Foundation ships ("'UErrorCode' has different definitions
 * in different modules") in any module that also sees XCTest or Swift Testing. Nothing here
 * uses libxml2's ICU API, so the flag is dropped between xmlversion.h and the other headers.
 */
#include <libxml/xmlversion.h>
#undef LIBXML_ICU_ENABLED

#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>
#include <libxml/xmlreader.h>
#include <libxml/xmlerror.h>

/*
 * A generic error handler that drops every message. Swift cannot define a C variadic
 * function, and passing NULL to xmlSetGenericErrorFunc restores libxml2's default handler,
 * which prints to stderr. Errors reach Swift through the parser context instead.
 */
static void adbridge_xml_silent_generic_error(void *context, const char *message, ...) {
    (void)context;
    (void)message;
}

/* A structured error handler that drops every message (errors are read from the context). */
static void adbridge_xml_silent_structured_error(void *context, xmlErrorPtr error) {
    (void)context;
    (void)error;
}

/* Installs the silent handlers for the calling thread (libxml2 keeps them per thread). */
static inline void adbridge_xml_silence_errors(void) {
    xmlSetGenericErrorFunc(NULL, adbridge_xml_silent_generic_error);
    xmlSetStructuredErrorFunc(NULL, adbridge_xml_silent_structured_error);
}

/*
 * adbridge_xml_silence_errors once per thread: installing the handlers costs two lookups of libxml2's
 * per-thread state, which a parser that runs for a few microseconds notices. The flag is per thread,
 * like the handlers it stands for.
 */
static inline void adbridge_xml_silence_errors_once(void) {
    static __thread int silenced = 0;
    if (silenced) {
        return;
    }
    silenced = 1;
    adbridge_xml_silence_errors();
}

/* xmlFree is a global function pointer, which Swift 6 treats as shared mutable state; call it from C. */
static inline void adbridge_xml_free(void *pointer) {
    xmlFree(pointer);
}

/*
 * Gives a fresh parser context (nothing parsed yet) a dictionary that is a child of `parent`: names already in
 * `parent` come back as `parent`'s own pointers, and nothing new is added to `parent`, which may be shared by
 * parsers on several threads (libxml2 guards its reference count with a mutex). The context's own dictionary is
 * released, and the three names libxml2 compares by pointer are looked up again in the new one, as
 * `xmlCtxtReset` does. Returns 0 on success; on failure the context keeps its own dictionary.
 */
static inline int adbridge_xml_use_parent_dictionary(xmlParserCtxtPtr context, xmlDictPtr parent) {
    if (context == NULL || parent == NULL) {
        return -1;
    }
    xmlDictPtr child = xmlDictCreateSub(parent);
    if (child == NULL) {
        return -1;
    }
    if (context->dict != NULL) {
        xmlDictFree(context->dict);
    }
    context->dict = child;
    context->str_xml = xmlDictLookup(child, BAD_CAST "xml", 3);
    context->str_xmlns = xmlDictLookup(child, BAD_CAST "xmlns", 5);
    context->str_xml_ns = xmlDictLookup(child, XML_XML_NAMESPACE, 36);
    return 0;
}

/*
 * R10 (Docs/Reliability.md): libxml2 2.9 checks the attributes of a start tag for duplicates pairwise, after it has
 * read them all and before any SAX callback sees them, so tens of thousands of attributes on one element cost
 * seconds before the parser can refuse them. Every attribute and namespace declaration has exactly one '=' outside
 * its quoted value, and no start tag holds a '<', so an element can have more than `limit` of them only if some
 * stretch of the document without a '<' holds more than `limit` '=' bytes. This answers cheaply whether one may
 * (1: look closer) or certainly does not (0), for UTF-8 and the encodings whose '<' and '=' are these bytes.
 *
 * It counts the '=' bytes of the whole document first, 16 at a time in vector code (most documents have a few
 * dozen, and end there). Only when there are more than `limit` does it walk 64-byte blocks keeping a running count
 * of '=' that starts again, with the block's own count (so it never counts less than a stretch holds), at every
 * block that holds a '<'.
 */
static inline int adbridge_may_exceed_attributes(const unsigned char *bytes, size_t count, size_t limit) {
    typedef unsigned char adbridge_lanes __attribute__((vector_size(16)));
    const adbridge_lanes equals = {'=', '=', '=', '=', '=', '=', '=', '=', '=', '=', '=', '=', '=', '=', '=', '='};
    const adbridge_lanes less = {'<', '<', '<', '<', '<', '<', '<', '<', '<', '<', '<', '<', '<', '<', '<', '<'};
    size_t total = 0;
    size_t index = 0;
    while (count - index >= 64) {
        /* Each lane counts at most 4 per block: 63 blocks (4,032 bytes) before a lane could overflow. */
        adbridge_lanes lanes = {0};
        size_t end = count - index >= 64 * 63 ? index + 64 * 63 : index + (count - index) / 64 * 64;
        for (; index < end; index += 64) {
            adbridge_lanes a, b, c, d;
            __builtin_memcpy(&a, bytes + index, 16);
            __builtin_memcpy(&b, bytes + index + 16, 16);
            __builtin_memcpy(&c, bytes + index + 32, 16);
            __builtin_memcpy(&d, bytes + index + 48, 16);
            lanes -= (adbridge_lanes)(a == equals);
            lanes -= (adbridge_lanes)(b == equals);
            lanes -= (adbridge_lanes)(c == equals);
            lanes -= (adbridge_lanes)(d == equals);
        }
        for (int lane = 0; lane < 16; lane++) {
            total += lanes[lane];
        }
    }
    if (index < count) {
        /* The last bytes (fewer than 64), in a zero-padded block: vector code rather than a byte loop. */
        unsigned char tail[64] = {0};
        __builtin_memcpy(tail, bytes + index, count - index);
        adbridge_lanes lanes = {0};
        for (int offset = 0; offset < 64; offset += 16) {
            adbridge_lanes chunk;
            __builtin_memcpy(&chunk, tail + offset, 16);
            lanes -= (adbridge_lanes)(chunk == equals);
        }
        for (int lane = 0; lane < 16; lane++) {
            total += lanes[lane];
        }
    }
    if (total <= limit) {
        return 0;
    }
    size_t run = 0;
    for (index = 0; index < count; index += 64) {
        size_t end = count - index >= 64 ? index + 64 : count;
        size_t block = 0;
        int sawLess = 0;
        if (end - index == 64) {
            adbridge_lanes lanes = {0};
            adbridge_lanes found = {0};
            for (size_t offset = index; offset < end; offset += 16) {
                adbridge_lanes chunk;
                __builtin_memcpy(&chunk, bytes + offset, 16);
                lanes -= (adbridge_lanes)(chunk == equals);
                found |= (adbridge_lanes)(chunk == less);
            }
            for (int lane = 0; lane < 16; lane++) {
                block += lanes[lane];
                sawLess |= found[lane];
            }
        } else {
            for (size_t offset = index; offset < end; offset++) {
                block += bytes[offset] == '=';
                sawLess |= bytes[offset] == '<';
            }
        }
        run += block;
        if (run > limit) {
            return 1;
        }
        if (sawLess) {
            run = block;
        }
    }
    return 0;
}

#endif
