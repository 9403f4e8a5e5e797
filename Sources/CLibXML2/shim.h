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

#endif
