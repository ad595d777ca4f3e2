import Testing

@testable import badgebar

@Suite struct ExitStatusTests {
    @Test func theNumbersOfSysexitsAndTheShell() {
        #expect(ExitStatus.success.code == 0)
        #expect(ExitStatus.failure.code == 1)
        #expect(ExitStatus.usage.code == 64)
        #expect(ExitStatus.noInput.code == 66)
        #expect(ExitStatus.unavailable.code == 69)
        #expect(ExitStatus.cantCreate.code == 73)
        #expect(ExitStatus.ioError.code == 74)
        #expect(ExitStatus.configuration.code == 78)
        #expect(ExitStatus.signal(2).code == 130)
        #expect(ExitStatus.signal(15).code == 143)
    }

    @Test func everyStatusIsDocumentedOnceInOrder() {
        let codes = ExitStatus.documented.map(\.documentedCode)
        #expect(codes == ["0", "1", "64", "66", "69", "73", "74", "77", "78", "128+N"])
        #expect(Set(ExitStatus.documented.map(\.meaning)).count == codes.count)
    }
}
