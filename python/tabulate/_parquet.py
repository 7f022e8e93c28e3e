"""The column types of a Parquet file, read from its footer with the
standard library (no pyarrow): the Thrift compact encoding of the
FileMetaData's schema, as the Parquet format specifies it
(github.com/apache/parquet-format, parquet.thrift). Only the schema is
read; the data is read from the CSV that tabulate writes beside it."""

import struct

# SchemaElement.type (parquet.thrift Type) and FieldRepetitionType.
BOOLEAN, INT32, INT64, INT96, FLOAT, DOUBLE, BYTE_ARRAY = 0, 1, 2, 3, 4, 5, 6
REQUIRED, OPTIONAL, REPEATED = 0, 1, 2


class _Reader:
    """Thrift's compact protocol over bytes."""

    def __init__(self, data):
        self.data, self.pos = data, 0

    def byte(self):
        b = self.data[self.pos]
        self.pos += 1
        return b

    def varint(self):
        shift = result = 0
        while True:
            b = self.byte()
            result |= (b & 0x7F) << shift
            if b < 0x80:
                return result
            shift += 7

    def zigzag(self):
        n = self.varint()
        return (n >> 1) ^ -(n & 1)

    def binary(self):
        n = self.varint()
        out = self.data[self.pos:self.pos + n]
        self.pos += n
        return out

    def value(self, kind):
        """Reads one value of compact type kind (a struct as a dict of
        field id to value, a list as a list)."""
        if kind in (1, 2):  # a boolean in a list: one byte
            return self.byte() == 1
        if kind == 3:
            return self.byte()
        if kind in (4, 5, 6):
            return self.zigzag()
        if kind == 7:
            v = struct.unpack("<d", self.data[self.pos:self.pos + 8])[0]
            self.pos += 8
            return v
        if kind == 8:
            return self.binary()
        if kind in (9, 10):
            head = self.byte()
            size, elem = head >> 4, head & 0x0F
            if size == 15:
                size = self.varint()
            return [self.value(elem) for _ in range(size)]
        if kind == 11:
            size = self.varint()
            if size == 0:
                return {}
            kinds = self.byte()
            return {self.value(kinds >> 4): self.value(kinds & 0x0F) for _ in range(size)}
        if kind == 12:
            return self.struct()
        raise ValueError(f"parquet footer: unknown compact type {kind}")

    def struct(self):
        out, last = {}, 0
        while True:
            head = self.byte()
            if head == 0:
                return out
            delta, kind = head >> 4, head & 0x0F
            field = last + delta if delta else self.zigzag()
            last = field
            if kind in (1, 2):  # a boolean field: its value is its type
                out[field] = kind == 1
            else:
                out[field] = self.value(kind)


def schema(path):
    """Returns the columns of the Parquet file at path, in order, each as
    (name, kind, optional): kind is "bool", "int32", "int64", "float32",
    "float64", "string" or "list" (a list of numbers)."""
    with open(path, "rb") as f:
        f.seek(-8, 2)
        length, magic = struct.unpack("<i4s", f.read(8))
        if magic != b"PAR1":
            raise ValueError(f"{path}: not a Parquet file")
        f.seek(-8 - length, 2)
        meta = _Reader(f.read(length)).struct()
    elements = meta[2]  # FileMetaData.schema: a flattened tree, root first
    out, i = [], 1
    while i < len(elements):
        e = elements[i]
        name, children = e[4].decode(), e.get(5, 0)
        optional = e.get(3, REQUIRED) == OPTIONAL
        if children:  # a group: a LIST of one leaf, possibly nested twice
            depth = children
            while depth:
                i += 1
                depth += elements[i].get(5, 0) - 1
            out.append((name, "list", optional))
        else:
            kind = {BOOLEAN: "bool", INT32: "int32", INT64: "int64", FLOAT: "float32",
                    DOUBLE: "float64", BYTE_ARRAY: "string"}.get(e.get(1))
            out.append((name, kind or "string", optional))
        i += 1
    return out
