#include "textflag.h"

// func hopAsm(keys *uint64, at *uint32, n int, hops, prio uint64, mask, half, nodes uint32) (kept int)
//
// hopper.allGo on keys[:n] and at[:n]. Registers: DI keys, SI at, R8 the
// copy read, BX the place written; R9 prio, a priority one more, R10 hops,
// R11 mask, R12 half, R13 nodes; AX the key, DX its node, R14 its hops f.
TEXT ·hopAsm(SB), NOSPLIT, $0-64
	MOVQ keys+0(FP), DI
	MOVQ at+8(FP), SI
	MOVQ hops+24(FP), R10
	MOVQ prio+32(FP), R9
	MOVL mask+40(FP), R11
	MOVL half+44(FP), R12
	MOVL nodes+48(FP), R13
	XORQ R8, R8
	XORQ BX, BX
	CMPQ R8, n+16(FP)
	JGE done
copy:
	MOVQ (DI)(R8*8), AX
	MOVL (SI)(R8*4), DX
	MOVQ AX, R14
	ANDQ R10, R14 // f
	MOVL R14, R15
	ANDL $1, R15
	XORL R15, DX // a: crossed if the hop crosses
	MOVL DX, R15
	ANDL R11, R15 // w: its place in its layer
	ORL R11, DX
	INCL DX // the next layer
	CMPL DX, R13
	SBBL CX, CX
	ANDL CX, DX // the first after the last
	MOVL R15, CX
	SHRL $1, R15
	ANDL $1, CX
	NEGL CX
	ANDL R12, CX
	ORL R15, DX
	ORL CX, DX // w rotated right by 1 within n bits
	LEAQ 1(R14), R15
	SHRQ $1, R15
	SUBQ R15, AX
	ADDQ R9, AX // hops shifted down, priority one more
	MOVQ AX, (DI)(BX*8)
	MOVL DX, (SI)(BX*4)
	LEAQ -2(R14), CX // arrived: f>>1 = 1, f − 2 < 2
	CMPQ CX, $2
	SBBQ CX, CX
	LEAQ 1(BX)(CX*1), BX
	INCQ R8
	CMPQ R8, n+16(FP)
	JLT copy
done:
	MOVQ BX, kept+56(FP)
	RET
