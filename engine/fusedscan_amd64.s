#include "textflag.h"

// func takeWord(ns *[64]sortedNode, word uint64, first uint32, keys *[64]uint64, at *[64]uint32, loads *[256]int64, ahead *[64]sortedNode) (n int, emptied, full uint64, most uint32)
//
// takeWordGo, reading ahead[i] as it takes from ns[i]. Registers: DI ns,
// SI the bits of word left, R8 first, R9 and R10 the next place in keys
// and at, R11 loads, R14 ahead, BX emptied, CX full, DX most.
TEXT ·takeWord(SB), NOSPLIT, $0-84
	MOVQ ns+0(FP), DI
	MOVQ ahead+48(FP), R14
	MOVQ word+8(FP), SI
	MOVL first+16(FP), R8
	MOVQ keys+24(FP), R9
	MOVQ at+32(FP), R10
	MOVQ loads+40(FP), R11
	XORQ BX, BX // emptied
	XORQ CX, CX // full
	XORL DX, DX // most
	TESTQ SI, SI
	JEQ done
node:
	BSFQ SI, R12
	LEAL (R8)(R12*1), AX
	MOVL AX, (R10) // the node, kept if its key is taken
	SHLQ $5, R12
	PREFETCHT0 (R14)(R12*1) // &ahead[i]
	ADDQ DI, R12 // &ns[i]
	MOVL (R12), AX // m
	MOVQ SI, R13
	NEGQ R13
	ANDQ SI, R13 // the node's bit
	XORQ R13, SI
	CMPL AX, $3
	JHI over
	CMPL AX, DX
	CMOVLHI AX, DX
	ORQ BX, R13
	CMPL AX, $1
	CMOVQEQ R13, BX
	MOVQ (R12)(AX*8), R13 // pk[m-1]
	MOVQ $0, (R12)(AX*8)
	DECL (R12)
	MOVQ R13, (R9)
	SHRQ $58, R13
	INCQ (R11)(R13*8)
	ADDQ $8, R9
	ADDQ $4, R10
	TESTQ SI, SI
	JNE node
	JMP done
over:
	ORQ R13, CX
	TESTQ SI, SI
	JNE node
done:
	SUBQ keys+24(FP), R9
	SHRQ $3, R9
	MOVQ R9, n+56(FP)
	MOVQ BX, emptied+64(FP)
	MOVQ CX, full+72(FP)
	MOVL DX, most+80(FP)
	RET

// func putRunAsm(node *sortedNode, nodes int, busy *uint64, keys *uint64, at *uint32, n int, first uint32, dkeys *uint64, dat *uint32) (put, deferred int)
//
// putRunGo on keys[:n], reading ahead the node of the packet 8 on (at
// has room for 8 more).
// Registers: DI node, SI busy, R8 and R9 the next packet's key and node,
// R10 the end of keys, BX and CX the next place in dkeys and dat; AX the
// node v, R12 the key, R13 &node[v], DX, R14 and R15 its keys in place.
TEXT ·putRunAsm(SB), NOSPLIT, $0-88
	MOVQ node+0(FP), DI
	MOVQ busy+16(FP), SI
	MOVQ keys+24(FP), R8
	MOVQ at+32(FP), R9
	MOVQ n+40(FP), R10
	LEAQ (R8)(R10*8), R10 // the end of keys
	MOVQ dkeys+56(FP), BX
	MOVQ dat+64(FP), CX
	CMPQ R8, R10
	JEQ done
packet:
	MOVL 32(R9), R11
	SHLQ $5, R11
	PREFETCHT0 (DI)(R11*1) // the node of the packet 8 on, or any
	MOVL (R9), AX  // v
	MOVQ (R8), R12 // k
	CMPL AX, first+48(FP)
	JCS deferred
	CMPQ AX, nodes+8(FP)
	JCC done // left to the caller, which fails on it
	MOVQ AX, R13
	SHLQ $5, R13
	ADDQ DI, R13 // &node[v]
	CMPL (R13), $3
	JCC done // a node holding 3: left to the caller
	MOVQ 8(R13), DX   // pk[0]
	MOVQ 16(R13), R14 // pk[1]
	MOVQ R14, R15
	CMPQ R12, R15
	CMOVQCS R12, R15 // pk[2] = min(pk[1], k): pk[2] is free, 0
	MOVQ DX, R11
	CMPQ R12, R11
	CMOVQCS R12, R11 // min(pk[0], k)
	CMPQ R11, R14
	CMOVQHI R11, R14
	CMPQ R12, DX
	CMOVQHI R12, DX
	MOVQ DX, 8(R13)
	MOVQ R14, 16(R13)
	MOVQ R15, 24(R13)
	INCL (R13)
	MOVL AX, R11
	SHRL $6, R11
	MOVQ (SI)(R11*8), DX
	BTSQ AX, DX
	MOVQ DX, (SI)(R11*8)
	ADDQ $8, R8
	ADDQ $4, R9
	CMPQ R8, R10
	JNE packet
	JMP done
deferred:
	MOVQ R12, (BX)
	MOVL AX, (CX)
	ADDQ $8, BX
	ADDQ $4, CX
	ADDQ $8, R8
	ADDQ $4, R9
	CMPQ R8, R10
	JNE packet
done:
	SUBQ keys+24(FP), R8
	SHRQ $3, R8
	MOVQ R8, put+72(FP)
	SUBQ dkeys+56(FP), BX
	SHRQ $3, BX
	MOVQ BX, deferred+80(FP)
	RET
