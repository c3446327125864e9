import Arrange
